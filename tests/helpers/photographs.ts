/** Photographs for the upload tests (issue 21): what a phone would leak, and the shapes of files to refuse. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import sharp, { type Sharp } from "sharp";

/** A photograph-like picture: noise, so that encoders keep real data and truncation bites. */
export async function photo(width: number, height: number) {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } });
}

export const SERIAL = "SN-9C41-BODY-SECRET";
export const XMP_MARK = "xmp-gps-36.3333N";

/** What a phone writes into a photograph: camera make, model and serial, GPS position, and an XMP block repeating the place. */
export function withLeaks(image: Sharp): Sharp {
  return image
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Model 7" },
      IFD2: { BodySerialNumber: SERIAL },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "36/1 20/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "43/1 8/1 0/1" },
    })
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description>${XMP_MARK}</dc:description></rdf:Description></rdf:RDF></x:xmpmeta>`,
    );
}

/** A phone photo's worst case, as a JPEG. */
export async function phoneJpeg() {
  return withLeaks((await photo(1200, 900)).jpeg({ quality: 90 })).toBuffer();
}

/**
 * A picture in four flat colours, one per quarter, as it is stored: a phone held sideways stores its photo
 * turned, and says so in the EXIF orientation tag.
 */
export function quadrants(width: number, height: number, colours: Record<"topLeft" | "topRight" | "bottomLeft" | "bottomRight", number[]>) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const colour = colours[`${y < height / 2 ? "top" : "bottom"}${x < width / 2 ? "Left" : "Right"}`];
      pixels.set(colour, (y * width + x) * 3);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** A PNG whose header claims a frame of `width` × `height` around almost no data: a decompression bomb's shape. */
export function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A phone's format, which sharp cannot write: quadrants.heic, 64 × 48, made once with the HEVC encoder of
 * libheif compiled to WebAssembly (the elheif package, 0.1.0) from an RGBA drawing: the left half red 220,
 * the right 20; green 40 throughout; the top half blue 200, the bottom 30.
 */
export const quadrantsHeic = () => readFileSync(join(__dirname, "quadrants.heic"));
export const QUADRANTS = { topLeft: [220, 40, 200], bottomRight: [20, 40, 30] } as const;

/**
 * quadrants.heic with its `ispe` box (the frame's size, in the header) claiming `width` × `height`: what a
 * decompression bomb says about itself. Its coded picture is still 64 × 48, so decoding it would fail: a
 * refusal for its size shows the header was read first.
 */
export function heicClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(quadrantsHeic());
  const ispe = bytes.indexOf("ispe");
  bytes.writeUInt32BE(width, ispe + 8); // after the box type and its version and flags
  bytes.writeUInt32BE(height, ispe + 12);
  return bytes;
}
