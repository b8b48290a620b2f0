/**
 * What happens to a photograph staff upload (issue 21), before anything is stored: the file is judged by its
 * bytes, refused with a message a person can act on when it is not a photograph the site can safely keep,
 * turned upright, and re-encoded without its EXIF, XMP, IPTC and GPS data into the variants the site serves
 * and a clean original to make new sizes from later. Nothing here touches the database or the disk.
 */
import { fileTypeFromBuffer } from "file-type";
import type { Metadata, Sharp } from "sharp";
import kinds from "./image-kinds.json";
import type { ImageKind } from "./images";

export type { ImageKind };
export const IMAGE_KINDS = kinds as Record<ImageKind, { width: number; height: number; widths: number[]; formats: string[] }>;

/** The largest file accepted, and the most pixels: a decompression bomb is a small file with a huge frame. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MAX_UPLOAD_PIXELS = 50_000_000;

const ACCEPTED = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
  "image/heic": "heic",
  "image/heif": "heic",
} as const;
type Accepted = (typeof ACCEPTED)[keyof typeof ACCEPTED];

/** Why an upload was refused, with the sentence staff see. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: "empty" | "too-large" | "svg" | "not-an-image" | "unsupported" | "too-many-pixels" | "damaged" | "hidden-content",
    message: string,
  ) {
    super(message);
    this.name = "UploadRefused";
  }
}

const ACCEPTED_NAMES = "JPEG, PNG, WebP, AVIF or HEIC (from a phone)";

/**
 * Markup, scripts and other files hidden after the end of an image: a polyglot that one program reads as a
 * picture and another as a page or an archive. A phone's motion photo (a video after a JPEG) is not refused:
 * re-encoding drops it.
 */
const HIDDEN_MARKUP = /<\s*(?:html|script|svg|iframe|body|\?php)/i;
const HIDDEN_FILES = [Buffer.from("%PDF-"), Buffer.from([0x50, 0x4b, 0x03, 0x04])]; // a PDF, a ZIP archive

function endOfImage(bytes: Buffer, format: Accepted): number | null {
  if (format === "png") {
    const iend = bytes.lastIndexOf(Buffer.from("IEND"));
    return iend < 0 ? null : iend + 8; // the chunk type, then its four-byte CRC
  }
  if (format === "jpeg") {
    const eoi = bytes.indexOf(Buffer.from([0xff, 0xd9]), 2);
    return eoi < 0 ? null : eoi + 2;
  }
  return null; // WebP, AVIF and HEIC state their own length; sharp reads only that much
}

function hasHiddenContent(bytes: Buffer, format: Accepted): boolean {
  const end = endOfImage(bytes, format);
  const tail = end === null ? Buffer.alloc(0) : bytes.subarray(end);
  if (HIDDEN_MARKUP.test(tail.toString("latin1")) || HIDDEN_FILES.some((signature) => tail.includes(signature))) return true;
  // A script inside the image data itself (in a comment or text chunk) counts too.
  return /<\s*script/i.test(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)).toString("latin1"));
}

/** What an accepted upload is: its format by its bytes, and its size once upright. */
export interface InspectedUpload {
  format: Accepted;
  width: number;
  height: number;
}

/** sharp reads the upload refusing truncated files and frames over the pixel limit. */
/**
 * sharp and libvips, loaded by the first upload rather than at start: about 20 MB of resident memory that an
 * instance which never processes a photograph does not need (decision 007, the front thread's memory).
 */
let loading: Promise<typeof import("sharp").default> | undefined;
const loadSharp = () => (loading ??= import("sharp").then((module) => module.default));

const READ = { failOn: "truncated", limitInputPixels: MAX_UPLOAD_PIXELS } as const;

/**
 * A phone's HEIC, upright (libheif applies its rotation), as RGBA pixels. sharp's own libheif decodes AVIF
 * only (HEVC is not in its build); heic-decode is libheif compiled to WebAssembly, which runs on the main
 * thread and blocks it while it decodes. So the frame's size is read from the file's header first (libheif
 * parses the boxes, `ispe` among them, without decoding), a bomb is refused before any pixel is made, and an
 * accepted photograph is decoded once per upload.
 */
async function decodeHeic(bytes: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { all } = (await import("heic-decode")).default;
  const images = await all({ buffer: bytes }).catch(() => {
    throw damaged();
  });
  try {
    const primary = images[0];
    if (!primary) throw damaged();
    if (primary.width * primary.height > MAX_UPLOAD_PIXELS) throw tooManyPixels(primary.width, primary.height);
    const { data, width, height } = await primary.decode().catch(() => {
      throw damaged();
    });
    return { data: Buffer.from(data.buffer, data.byteOffset, data.byteLength), width, height };
  } finally {
    images.dispose();
  }
}

const tooManyPixels = (width: number, height: number) =>
  new UploadRefused(
    "too-many-pixels",
    `This image is ${width} × ${height} pixels (${Math.round((width * height) / 1e6)} megapixels). The limit is ${MAX_UPLOAD_PIXELS / 1e6} megapixels: export it smaller and upload it again.`,
  );

/** An accepted upload, and its pixels to read again (each output is made from a pipeline of its own). */
interface AcceptedUpload {
  inspected: InspectedUpload;
  pixels: () => Sharp;
}

/** Judges an upload by its bytes alone; throws UploadRefused with the reason and the sentence to show. */
export async function inspectUpload(bytes: Buffer): Promise<InspectedUpload> {
  return (await accept(bytes)).inspected;
}

async function accept(bytes: Buffer): Promise<AcceptedUpload> {
  const sharp = await loadSharp();
  if (bytes.length === 0) throw new UploadRefused("empty", "The file is empty. Choose a photograph and upload it again.");
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new UploadRefused(
      "too-large",
      `This file is ${(bytes.length / 1024 / 1024).toFixed(1)} MB. The limit is 20 MB: export the photograph smaller and upload it again.`,
    );
  }
  const head = bytes.subarray(0, 1024).toString("utf8").trimStart();
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!DOCTYPE\s+)?svg/i.test(head)) {
    throw new UploadRefused(
      "svg",
      `SVG drawings are not accepted, because they can carry scripts. Upload the image as a ${ACCEPTED_NAMES} file.`,
    );
  }
  const detected = await fileTypeFromBuffer(bytes);
  const format = detected && ACCEPTED[detected.mime as keyof typeof ACCEPTED];
  if (!format) {
    const what = detected ? `a ${detected.ext.toUpperCase()} file` : "not an image the site can read";
    throw new UploadRefused(
      detected ? "unsupported" : "not-an-image",
      `This file is ${what}, whatever its name says. Upload a ${ACCEPTED_NAMES} photograph.`,
    );
  }
  if (hasHiddenContent(bytes, format)) {
    throw new UploadRefused(
      "hidden-content",
      "This file has something other than a picture inside it. Open it in an image editor, save it again, and upload that copy.",
    );
  }
  if (format === "heic") {
    // Decoded whole (which proves it complete) and kept: the variants are made from these pixels.
    const { data, width, height } = await decodeHeic(bytes);
    return { inspected: { format, width, height }, pixels: () => sharp(data, { ...READ, raw: { width, height, channels: 4 } }) };
  }
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw damaged();
  }
  const { width = 0, height = 0 } = meta;
  if (width * height > MAX_UPLOAD_PIXELS) throw tooManyPixels(width, height);
  // Decoding the whole image is the only way to know it is complete (in libuv's threads, as all sharp's work).
  try {
    await sharp(bytes, READ).raw().toBuffer();
  } catch {
    throw damaged();
  }
  const upright = (meta.orientation ?? 1) >= 5;
  return {
    inspected: { format, width: upright ? height : width, height: upright ? width : height },
    pixels: () => sharp(bytes, READ),
  };
}

const damaged = () =>
  new UploadRefused("damaged", "This image is damaged or incomplete, perhaps cut short while copying. Upload the original file again.");

/** Where to cut a kind's frame from the photograph: the point to keep in view, in per cent of width and height. */
export interface FocalPoint {
  x: number;
  y: number;
}

/** The largest box of the kind's shape that fits in the image, centred on the focal point as far as the edges allow. */
export function cropBox(width: number, height: number, kind: ImageKind, focus: FocalPoint = { x: 50, y: 50 }) {
  const aspect = IMAGE_KINDS[kind].width / IMAGE_KINDS[kind].height;
  const boxWidth = Math.min(width, Math.round(height * aspect));
  const boxHeight = Math.min(height, Math.round(boxWidth / aspect));
  const centre = (extent: number, box: number, percent: number) =>
    Math.max(0, Math.min(extent - box, Math.round((percent / 100) * extent - box / 2)));
  return { left: centre(width, boxWidth, focus.x), top: centre(height, boxHeight, focus.y), width: boxWidth, height: boxHeight };
}

export interface ImageVariant {
  format: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** What is kept of an accepted upload: an upright original without metadata, and every variant of its kind. */
export interface ProcessedUpload {
  original: { format: "jpeg" | "png" | "webp" | "avif"; width: number; height: number; bytes: Buffer };
  variants: ImageVariant[];
}

/** The original is re-encoded in its own format (a phone's HEIC as JPEG) at a quality meant for making sizes from. */
function encodeOriginal(image: Sharp, format: Accepted) {
  switch (format) {
    case "png":
      return { format: "png" as const, image: image.png({ compressionLevel: 9 }) };
    case "webp":
      return { format: "webp" as const, image: image.webp({ quality: 92 }) };
    case "avif":
      return { format: "avif" as const, image: image.avif({ quality: 80 }) };
    default:
      return { format: "jpeg" as const, image: image.jpeg({ quality: 92, mozjpeg: true }) };
  }
}

function encodeVariant(image: Sharp, format: string) {
  if (format === "avif") return image.avif({ quality: 50, effort: 3 });
  if (format === "webp") return image.webp({ quality: 72, effort: 4 });
  return image.jpeg({ quality: 80, mozjpeg: true });
}

/**
 * Turns an accepted upload into what the site keeps and serves. sharp writes no EXIF, XMP or IPTC unless told
 * to, so every output is clean; only the colour profile is kept, so colours do not shift.
 */
export async function processUpload(bytes: Buffer, kind: ImageKind, focus?: FocalPoint): Promise<ProcessedUpload> {
  const { inspected, pixels } = await accept(bytes);
  // One upright source; each output is a clone of it (sharp's order: orientation first, then the crop).
  const upright = pixels().autoOrient().keepIccProfile();
  const { format, image } = encodeOriginal(upright.clone(), inspected.format);
  const original = { format, width: inspected.width, height: inspected.height, bytes: await image.toBuffer() };
  return { original, variants: await cut(upright, original, kind, focus) };
}

/** A kept original cut again for a new focal point: its variants only. */
export async function cutVariants(original: Buffer, kind: ImageKind, focus?: FocalPoint): Promise<ImageVariant[]> {
  const { inspected, pixels } = await accept(original);
  return cut(pixels().autoOrient().keepIccProfile(), inspected, kind, focus);
}

async function cut(upright: Sharp, size: { width: number; height: number }, kind: ImageKind, focus?: FocalPoint) {
  const spec = IMAGE_KINDS[kind];
  const box = cropBox(size.width, size.height, kind, focus);
  const variants: ImageVariant[] = [];
  for (const format of spec.formats) {
    for (const width of spec.widths) {
      const height = Math.round((width * spec.height) / spec.width);
      // A logo is never cut: it is fitted whole into the frame, on a transparent ground.
      const resized =
        kind === "logo"
          ? upright.clone().resize(width, height, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          : upright.clone().extract(box).resize(width, height, { fit: "fill" });
      variants.push({ format, width, height, bytes: await encodeVariant(resized, format).toBuffer() });
    }
  }
  return variants;
}
