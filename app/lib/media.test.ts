import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forEachDatabase } from "../../tests/helpers/databases";
import { processUpload, type ImageKind, type ProcessedUpload } from "./image-upload.server";
import { openDatabase } from "../../db/client.server";
import { createMediaStore, folderBlobStore, mediaResponse, memoryBlobStore, tableBlobStore, type BlobStore } from "./media.server";

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
    expect((await store().file(imageId))?.bytes.equals(first.original.bytes)).toBe(true);
    if (folder) expect(readdirSync(folder).length).toBeGreaterThan(0);
  });

  it("keeps one copy when the same photograph is uploaded again, and answers nothing for an unknown address", async () => {
    const again = await store().save(first, "portrait", undefined, "staff-2");
    expect(again.imageId).toBe(hashOf(first.original.bytes));
    expect(await store().variants(again.imageId)).toEqual(again.variants);
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
    const high = await store().variants(imageId, { x: 50, y: 10 });
    expect(high.map((v) => `${v.format}-${v.width}x${v.height}`)).toEqual(centred.map((v) => `${v.format}-${v.width}x${v.height}`));
    expect(high.map((v) => v.url)).not.toEqual(centred.map((v) => v.url));
    const found = await store().lookup([{ upload: imageId, position: "50% 10%" }, { upload: imageId }, { upload: "f".repeat(64) }]);
    expect(found.get(`${imageId}@50,10`)).toEqual(high);
    expect(found.get(`${imageId}@50,50`)).toEqual(centred);
    expect(found.size).toBe(2);
    expect(await store().crop("e".repeat(64), "hero", { x: 50, y: 50 })).toBe(false);
  });

  it("spares a photograph uploaded since the given time: its editor may not have saved yet", async () => {
    // The wide photograph above was uploaded a moment ago.
    const long = new Date(Date.now() - 3_600_000);
    expect(await store().collect([], long)).toEqual({ images: 0, files: 0 });
    expect((await store().collect([])).images).toBe(1);
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
  it("serves a kept file under a year-long immutable cache, and 404 for an unknown name, a bad name or the wrong extension", async () => {
    const database = await openDatabase({ dataDir: "memory://" });
    const store = createMediaStore(database.db, memoryBlobStore());
    const { variants } = await store.save(first, "portrait", undefined, null);
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
    for (const wrong of [file.replace(".webp", ".jpg"), `${"f".repeat(64)}.webp`, "../../etc/passwd", "x.webp"]) {
      expect((await mediaResponse(store, wrong)).status, wrong).toBe(404);
    }
    await database.close();
  });
});
