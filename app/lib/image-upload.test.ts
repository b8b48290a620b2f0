import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import {
  heicClaiming,
  phoneJpeg,
  photo,
  pngClaiming,
  QUADRANTS,
  quadrantsHeic,
  SERIAL,
  withLeaks,
  XMP_MARK,
} from "../../tests/helpers/photographs";
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, UploadRefused, cropBox, inspectUpload, processUpload, type ImageKind } from "./image-upload.server";

/** heic-decode as it is, counting the images it decodes: its WebAssembly blocks the event loop while it does. */
const heicDecodes = vi.hoisted(() => ({ count: 0 }));
vi.mock("heic-decode", async (importOriginal) => {
  const decode = (await importOriginal<typeof import("heic-decode")>()).default;
  const all: typeof decode.all = async (input) => {
    const images = await decode.all(input);
    for (const image of images) {
      const decodeOne = image.decode;
      image.decode = () => {
        heicDecodes.count++;
        return decodeOne();
      };
    }
    return images;
  };
  return { default: Object.assign((input: Parameters<typeof decode>[0]) => decode(input), { all }) };
});

/** No EXIF, XMP or IPTC by sharp's own reader, and none of what the phone wrote anywhere in the bytes. */
async function expectClean(bytes: Buffer, what: string) {
  const meta = await sharp(bytes).metadata();
  expect([meta.exif, meta.xmp, meta.iptc], what).toEqual([undefined, undefined, undefined]);
  for (const secret of [SERIAL, XMP_MARK, "PhoneMaker", "GPSLatitude", "xmpmeta"])
    expect(bytes.includes(secret), `${what}: ${secret}`).toBe(false);
}

async function refusal(bytes: Buffer): Promise<UploadRefused> {
  try {
    await inspectUpload(bytes);
  } catch (error) {
    if (error instanceof UploadRefused) return error;
    throw error;
  }
  throw new Error("the upload was accepted");
}

describe("staff image uploads: the safe pipeline (issue 21)", () => {
  it("the fixture carries what a phone would leak, so the test below proves something", async () => {
    const bytes = await phoneJpeg();
    const meta = await sharp(bytes).metadata();
    expect(meta.exif?.includes(SERIAL)).toBe(true);
    // The GPS directory's pointer tag, 0x8825, in either byte order.
    const gpsPointer = [Buffer.from([0x88, 0x25]), Buffer.from([0x25, 0x88])].some((tag) => meta.exif?.includes(tag));
    expect(gpsPointer).toBe(true);
    expect(meta.xmp?.includes(XMP_MARK)).toBe(true);
  });

  // Encodes every variant of every kind, AVIF included: a minute and more on a machine busy with other work.
  it(
    "serves no EXIF, XMP, IPTC or GPS data in any kind's variants, in any size or format, nor in the original it keeps",
    { timeout: 180_000 },
    async () => {
      const jpeg = await phoneJpeg();
      for (const kind of Object.keys(IMAGE_KINDS) as ImageKind[]) {
        const { original, variants } = await processUpload(jpeg, kind);
        const spec = IMAGE_KINDS[kind];
        expect(variants.map((v) => `${v.format}-${v.width}`)).toEqual(spec.formats.flatMap((f) => spec.widths.map((w) => `${f}-${w}`)));
        for (const file of [original, ...variants]) await expectClean(file.bytes, `${kind}: ${file.format} ${file.width}`);
      }
    },
  );

  it("removes the same from a PNG and a WebP that carry them", async () => {
    for (const format of ["png", "webp"] as const) {
      const bytes = await withLeaks((await photo(400, 300))[format]()).toBuffer();
      const carried = await sharp(bytes).metadata();
      expect([carried.exif?.includes(SERIAL), carried.xmp?.includes(XMP_MARK)], format).toEqual([true, true]);
      const { original, variants } = await processUpload(bytes, "portrait");
      expect(original.format).toBe(format);
      for (const file of [original, ...variants]) await expectClean(file.bytes, `${format}: ${file.format} ${file.width}`);
    }
  });

  it("makes every variant at the kind's size, cut around the focal point", async () => {
    const { variants } = await processUpload(await phoneJpeg(), "portrait", { x: 10, y: 50 });
    for (const variant of variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format === "jpeg" ? "jpeg" : variant.format === "avif" ? "heif" : "webp");
      expect(meta.width).toBe(variant.width);
      expect(meta.height).toBe(Math.round((variant.width * IMAGE_KINDS.portrait.height) / IMAGE_KINDS.portrait.width));
    }
    // A 1200 × 900 photograph gives a 720 × 900 portrait frame, pushed to the left edge by a focal point at 10 %.
    expect(cropBox(1200, 900, "portrait", { x: 10, y: 50 })).toEqual({ left: 0, top: 0, width: 720, height: 900 });
    expect(cropBox(1200, 900, "portrait", { x: 90, y: 50 })).toEqual({ left: 480, top: 0, width: 720, height: 900 });
    expect(cropBox(1200, 900, "hero")).toEqual({ left: 0, top: 210, width: 1200, height: 480 });
  });

  it("turns a phone photo taken sideways upright, and keeps no orientation tag", async () => {
    // Stored 600 × 400 with orientation 6: a camera held upright, so it must be shown 400 × 600.
    const sideways = await (await photo(600, 400)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await inspectUpload(sideways)).toEqual({ format: "jpeg", width: 400, height: 600 });
    const { original } = await processUpload(sideways, "portrait");
    const meta = await sharp(original.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 600, undefined]);
  });

  it("refuses an SVG that carries a script", async () => {
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await refusal(svg);
    expect(refused.reason).toBe("svg");
    expect(refused.message).toMatch(/SVG drawings are not accepted/);
  });

  it("refuses a PNG with a page appended after its end", async () => {
    const png = await (await photo(64, 64)).png().toBuffer();
    const refused = await refusal(Buffer.concat([png, Buffer.from("<html><script>alert(document.cookie)</script></html>")]));
    expect(refused.reason).toBe("hidden-content");
    expect(refused.message).toMatch(/something other than a picture/);
  });

  it("refuses a 60-megapixel frame before decoding it, however small the file", async () => {
    const bomb = pngClaiming(8000, 7500);
    expect(bomb.length).toBeLessThan(1024);
    const refused = await refusal(bomb);
    expect(refused.reason).toBe("too-many-pixels");
    expect(refused.message).toMatch(/8000 × 7500 pixels \(60 megapixels\)\. The limit is 50 megapixels/);
  });

  it("refuses a 60-megapixel HEIC by the size in its header, before decoding it", async () => {
    heicDecodes.count = 0;
    const refused = await refusal(heicClaiming(8000, 7500));
    expect(refused.reason).toBe("too-many-pixels");
    expect(refused.message).toMatch(/8000 × 7500 pixels \(60 megapixels\)/);
    expect(heicDecodes.count).toBe(0);
  });

  it("refuses a truncated JPEG", async () => {
    const whole = await (await photo(800, 600)).jpeg({ quality: 90 }).toBuffer();
    const refused = await refusal(whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(refused.reason).toBe("damaged");
    expect(refused.message).toMatch(/damaged or incomplete/);
  });

  it("refuses a .jpg that is really a PDF, judging by the bytes and not the name", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const refused = await refusal(pdf);
    expect(refused.reason).toBe("unsupported");
    expect(refused.message).toMatch(/This file is a PDF file, whatever its name says/);
  });

  it("refuses a file over 20 MB, and an empty one", async () => {
    const jpeg = await (await photo(16, 16)).jpeg().toBuffer();
    expect((await refusal(Buffer.concat([jpeg, Buffer.alloc(MAX_UPLOAD_BYTES)]))).reason).toBe("too-large");
    expect((await refusal(Buffer.alloc(0))).reason).toBe("empty");
  });

  it("accepts PNG, WebP and AVIF as well as JPEG, by their bytes", async () => {
    for (const format of ["png", "webp", "avif"] as const) {
      const bytes = await (await photo(320, 240))[format]().toBuffer();
      expect((await inspectUpload(bytes)).format, format).toBe(format);
    }
  });

  it("accepts a phone's HEIC photograph, decoded once, keeps it as a clean JPEG, and its variants show what it shows", async () => {
    const heic = quadrantsHeic();
    expect((await inspectUpload(heic)).format).toBe("heic");
    heicDecodes.count = 0;
    const { original, variants } = await processUpload(heic, "hero");
    expect(heicDecodes.count).toBe(1);
    expect([original.format, original.width, original.height]).toEqual(["jpeg", 64, 48]);
    const webp = variants.find((v) => v.format === "webp")!;
    const { data, info } = await sharp(webp.bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // Top left purple, bottom right dark green, as drawn; within the lossy encoders' reach.
    for (const [got, want] of [
      [pixel(5, 5), QUADRANTS.topLeft],
      [pixel(info.width - 5, info.height - 5), QUADRANTS.bottomRight],
    ] as const)
      got.forEach((channel, i) => expect(Math.abs(channel - want[i]!)).toBeLessThan(12));
  });
});
