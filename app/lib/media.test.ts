import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase, openEmbeddedDatabase } from "../../tests/helpers/databases";
import { quadrants } from "../../tests/helpers/photographs";
import { IMAGE_KINDS, processUpload, type ImageKind, type ProcessedUpload } from "./image-upload.server";
import {
  createMediaStore,
  folderBlobStore,
  mediaResponse,
  memoryBlobStore,
  referenceKey,
  tableBlobStore,
  type BlobStore,
} from "./media.server";

const hashOf = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function upload(seed: number, kind: ImageKind = "portrait"): Promise<ProcessedUpload> {
  const pixels = Buffer.alloc(900 * 600 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i + seed) * 2654435761) >>> 24;
  return processUpload(
    await sharp(pixels, { raw: { width: 900, height: 600, channels: 3 } })
      .jpeg()
      .toBuffer(),
    kind,
  );
}

let first: ProcessedUpload;
let second: ProcessedUpload;
let wide: ProcessedUpload;
beforeAll(async () => {
  [first, second, wide] = await Promise.all([upload(1), upload(2), upload(3, "hero")]);
});

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

forEachDatabase("uploaded photographs, kept by hash (decision 008)", (handle) => {
  let blobs: BlobStore;
  let folder: string | null = null;
  const store = () => createMediaStore(handle().db, blobs);
  beforeAll(() => {
    if (handle().kind === "pglite") {
      folder = mkdtempSync(join(tmpdir(), "media-"));
      folders.push(folder);
      blobs = folderBlobStore(folder);
    } else {
      blobs = tableBlobStore(handle().db);
    }
  });

  it("keeps the original and every variant, each served by its hash with its type, byte for byte", async () => {
    const { imageId, variants } = await store().save(first, "portrait", undefined, "staff-1");
    expect(imageId).toBe(hashOf(first.original.bytes));
    expect(variants.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual([
      "avif-320x400",
      "avif-640x800",
      "webp-320x400",
      "webp-640x800",
    ]);
    for (const made of first.variants) {
      const hash = hashOf(made.bytes);
      expect(variants.find((v) => v.format === made.format && v.width === made.width)?.url).toBe(`/media/${hash}.${made.format}`);
      const served = await store().file(hash);
      expect(served?.contentType).toBe(`image/${made.format}`);
      expect(served?.bytes.equals(made.bytes)).toBe(true);
    }
    // The original is kept, byte for byte, to cut new sizes from; it is never served.
    expect((await blobs.get(imageId))?.equals(first.original.bytes)).toBe(true);
    expect(await store().file(imageId)).toBeNull();
    if (folder) expect(readdirSync(folder).length).toBeGreaterThan(0);
  });

  it("keeps one copy when the same photograph is uploaded again, and answers nothing for an unknown address", async () => {
    const again = await store().save(first, "portrait", undefined, "staff-2");
    expect(again.imageId).toBe(hashOf(first.original.bytes));
    expect(await store().variants(again.imageId, "portrait")).toEqual(again.variants);
    expect(await store().file("0".repeat(64))).toBeNull();
    expect(await store().file("../../etc/passwd")).toBeNull();
  });

  it("deletes what no revision refers to, everywhere, and keeps what one does", async () => {
    const kept = await store().save(second, "portrait", { x: 20, y: 50 }, null);
    if (folder) {
      mkdirSync(join(folder, "ab"), { recursive: true });
      writeFileSync(join(folder, "ab", "ab".padEnd(64, "0")), "left by a crash");
    }
    const result = await store().collect([kept.imageId]);
    expect(result.images).toBe(1);
    expect(result.files).toBe(first.variants.length + 1);
    for (const made of [first.original, ...first.variants]) expect(await store().file(hashOf(made.bytes))).toBeNull();
    expect(await blobs.get(hashOf(first.original.bytes))).toBeNull();
    for (const made of second.variants) expect(await store().file(hashOf(made.bytes))).not.toBeNull();
    expect((await blobs.list()).sort()).toEqual([hashOf(second.original.bytes), ...second.variants.map((v) => hashOf(v.bytes))].sort());
    expect(await store().collect([])).toEqual({ images: 1, files: second.variants.length + 1 });
    expect(await blobs.list()).toEqual([]);
  });

  it("cuts a kept photograph again around a new focal point, from its original, and finds each cut by its reference", async () => {
    const { imageId, variants: centred } = await store().save(wide, "hero", undefined, "staff-1");
    expect(await store().crop(imageId, "hero", { x: 50, y: 10 })).toBe(true);
    const high = await store().variants(imageId, "hero", { x: 50, y: 10 });
    expect(high.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual(centred.map((v) => `${v.format}-${v.width}x${v.height}`));
    expect(high.map((v) => v.url)).not.toEqual(centred.map((v) => v.url));
    const found = await store().lookup([
      { upload: imageId, kind: "hero", position: "50% 10%" },
      { upload: imageId, kind: "hero" },
      { upload: "f".repeat(64), kind: "hero" },
    ]);
    expect(found.get(referenceKey({ upload: imageId, kind: "hero", position: "50% 10%" }))).toEqual(high);
    expect(found.get(referenceKey({ upload: imageId, kind: "hero" }))).toEqual(centred);
    expect(found.size).toBe(2);
    expect(await store().crop("e".repeat(64), "hero", { x: 50, y: 50 })).toBe(false);
  });

  it("spares a photograph uploaded since the given time: its editor may not have saved yet", async () => {
    // The wide photograph above was uploaded a moment ago.
    const long = new Date(Date.now() - 3_600_000);
    expect(await store().collect([], long)).toEqual({ images: 0, files: 0 });
    expect((await store().collect([])).images).toBe(1);
  });

  it("spares a photograph uploaded again since the given time, though its first upload is older", async () => {
    const { imageId } = await store().save(second, "portrait", undefined, "staff-1");
    await handle().db.execute(sql`update images set uploaded_at = now() - interval '2 hours' where id = ${imageId}`);
    await store().save(second, "portrait", undefined, "staff-2");
    expect(await store().collect([], new Date(Date.now() - 3_600_000))).toEqual({ images: 0, files: 0 });
    expect((await store().collect([])).images).toBe(1);
  });

  it("keeps every file of uploads stored while unused files are collected, on this instance or another", async () => {
    // A new upload's files are unused until its variants name them; a collection in between once failed a
    // staff save with a foreign-key error, or dropped a file an upload had just found already kept.
    const uploads = [first, second, wide];
    const kinds: ImageKind[] = ["portrait", "portrait", "hero"];
    for (let round = 0; round < 3; round++) {
      const saved = uploads.map((u, i) => store().save(u, kinds[i]!, { x: 10 * round, y: 50 }, null));
      const collections = uploads.map(() => store().collect(uploads.map((u) => hashOf(u.original.bytes))));
      await Promise.all([...saved, ...collections]);
      for (const made of uploads.flatMap((u) => u.variants)) {
        expect(await store().file(hashOf(made.bytes))).not.toBeNull();
      }
      expect(await store().collect([])).toEqual({ images: 3, files: expect.any(Number) });
      expect(await blobs.list()).toEqual([]);
    }
  });
});

describe("one photograph in two places", () => {
  // The key is the same SQL on both databases: one is enough, and the slide's eight files are slow to make.
  it("gives the same photograph shown as a hero and as a slide each kind's own variants, at the same focal point", async () => {
    const database = await openEmbeddedDatabase();
    const store = createMediaStore(database.db, memoryBlobStore());
    const { imageId } = await store.save(wide, "hero", undefined, "staff-1");
    const hero = await store.variants(imageId, "hero");
    expect(await store.variants(imageId, "slide")).toEqual([]);
    expect(await store.crop(imageId, "slide", { x: 50, y: 50 })).toBe(true);
    const slide = await store.variants(imageId, "slide");
    const spec = IMAGE_KINDS.slide;
    expect(slide.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual(
      spec.formats.flatMap((f) => spec.widths.map((w) => `${f}-${w}x${Math.round((w * spec.height) / spec.width)}`)),
    );
    // Widths both kinds make (640, 1600) are not shared: the hero keeps its own files.
    expect(await store.variants(imageId, "hero")).toEqual(hero);
    expect(slide.map((v) => v.url).filter((url) => hero.some((h) => h.url === url))).toEqual([]);
    for (const v of slide) {
      const served = await store.file(v.url.slice("/media/".length).split(".")[0]!);
      expect((await sharp(served!.bytes).metadata()).height).toBe(v.height);
    }
    const found = await store.lookup([
      { upload: imageId, kind: "hero" },
      { upload: imageId, kind: "slide" },
    ]);
    expect(found.get(referenceKey({ upload: imageId, kind: "hero" }))).toEqual(hero);
    expect(found.get(referenceKey({ upload: imageId, kind: "slide" }))).toEqual(slide);
    await database.close();
  });
});

describe("the folder store", () => {
  it("refuses a name that is not a hash, so no address can reach outside its folder", async () => {
    const dir = mkdtempSync(join(tmpdir(), "media-"));
    folders.push(dir);
    await expect(folderBlobStore(dir).put("../outside", Buffer.from("x"))).rejects.toThrow(/not a file hash/);
  });
});

describe("GET /media/<file>", () => {
  it("serves a phone photo taken sideways (EXIF orientation 6) upright: each quarter where a viewer sees it", async () => {
    // Stored turned a quarter to the left, as the phone's sensor saw it; shown turned a quarter to the right.
    const [red, green, blue, yellow] = [
      [220, 30, 30],
      [30, 200, 40],
      [30, 40, 210],
      [230, 210, 30],
    ];
    const stored = { topLeft: red, topRight: green, bottomLeft: blue, bottomRight: yellow };
    const sideways = await quadrants(600, 400, stored).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const database = await openEmbeddedDatabase();
    const store = createMediaStore(database.db, memoryBlobStore());
    const { variants } = await store.save(await processUpload(sideways, "portrait"), "portrait", undefined, null);
    for (const variant of variants) {
      const served = await mediaResponse(store, variant.url.replace("/media/", ""));
      expect(served.status).toBe(200);
      const { data, info } = await sharp(served.body).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([variant.width, variant.height]);
      const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
      const [right, bottom] = [info.width - 8, info.height - 8];
      for (const [where, got, want] of [
        ["top left", at(8, 8), blue],
        ["top right", at(right, 8), red],
        ["bottom right", at(right, bottom), green],
        ["bottom left", at(8, bottom), yellow],
      ] as const)
        got.forEach((channel, i) => expect(Math.abs(channel - want[i]!), `${variant.format} ${variant.width}: ${where}`).toBeLessThan(24));
    }
    await database.close();
  });

  it("serves a variant under a year-long immutable cache, and 404 for the original, an unknown name, a bad name or the wrong extension", async () => {
    const database = await openEmbeddedDatabase();
    const store = createMediaStore(database.db, memoryBlobStore());
    const { imageId, variants } = await store.save(first, "portrait", undefined, null);
    const webp = variants.find((v) => v.format === "webp")!;
    const file = webp.url.replace("/media/", "");
    const ok = await mediaResponse(store, file);
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatchObject({
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    });
    expect(ok.body.equals(first.variants.find((v) => v.format === "webp" && v.width === webp.width)!.bytes)).toBe(true);
    // The original, whole and uncut, is kept under the image's id, which the content names: never served.
    expect(first.original.format).toBe("jpeg");
    expect(await store.file(imageId)).toBeNull();
    for (const wrong of [`${imageId}.jpg`, file.replace(".webp", ".jpg"), `${"f".repeat(64)}.webp`, "../../etc/passwd", "x.webp"]) {
      expect((await mediaResponse(store, wrong)).status, wrong).toBe(404);
    }
    await database.close();
  });
});
