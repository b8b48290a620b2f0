/**
 * Where uploaded photographs are kept (decision 008): every file (a clean original, each variant) is named by
 * its SHA-256, indexed in `media_files`, and its bytes held by a BlobStore: a folder beside PGlite's files on
 * the embedded database, the row itself on PostgreSQL. Images and their variants are rows that point at
 * files. Nothing is rewritten: a new upload or a new focal point makes new files, so history can point back.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, inArray, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { imageVariants, images, mediaFiles } from "../../db/schema";
import { cutVariants, IMAGE_KINDS, type FocalPoint, type ImageKind, type ImageVariant, type ProcessedUpload } from "./image-upload.server";

/** Where a file's bytes are; the index rows are in the database either way. */
export interface BlobStore {
  /** PostgreSQL's store keeps the bytes in the file's own row: the row and its bytes are written together. */
  readonly inRow?: boolean;
  put(hash: string, bytes: Buffer): Promise<void>;
  get(hash: string): Promise<Buffer | null>;
  delete(hash: string): Promise<void>;
  /** Every hash held, to find bytes no row names any more. */
  list(): Promise<string[]>;
}

const HASH = /^[0-9a-f]{64}$/;

/** The embedded database's store: `<dir>/<first two hex>/<hash>`, written under a temporary name then renamed. */
export function folderBlobStore(dir: string): BlobStore {
  const path = (hash: string) => {
    if (!HASH.test(hash)) throw new Error(`not a file hash: ${hash}`);
    return join(dir, hash.slice(0, 2), hash);
  };
  return {
    async put(hash, bytes) {
      await mkdir(join(dir, hash.slice(0, 2)), { recursive: true });
      const temporary = `${path(hash)}.${randomBytes(6).toString("hex")}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path(hash));
    },
    async get(hash) {
      try {
        return await readFile(path(hash));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(hash) {
      await rm(path(hash), { force: true });
    },
    async list() {
      const found: string[] = [];
      for (const prefix of await readdir(dir).catch(() => [] as string[])) {
        for (const name of await readdir(join(dir, prefix)).catch(() => [] as string[])) if (HASH.test(name)) found.push(name);
      }
      return found;
    },
  };
}

/** For a database kept in memory (tests): the bytes in a map, gone with the process like the database. */
export function memoryBlobStore(): BlobStore {
  const held = new Map<string, Buffer>();
  return {
    put: async (hash, bytes) => void held.set(hash, bytes),
    get: async (hash) => held.get(hash) ?? null,
    delete: async (hash) => void held.delete(hash),
    list: async () => [...held.keys()],
  };
}

/** The store that suits the database: PostgreSQL's own rows, or a folder beside PGlite's files (decision 008). */
export function blobStoreFor(kind: "pglite" | "postgres", db: Database, dataDir: string): BlobStore {
  if (kind === "postgres") return tableBlobStore(db);
  return dataDir.startsWith("memory://") ? memoryBlobStore() : folderBlobStore(join(dataDir, "media"));
}

/** PostgreSQL's store: the bytes in the file's own row, which every instance reads. */
export function tableBlobStore(db: Database): BlobStore {
  return {
    inRow: true,
    async put(hash, bytes) {
      await db.update(mediaFiles).set({ bytes }).where(eq(mediaFiles.hash, hash));
    },
    async get(hash) {
      const [row] = await db.select({ bytes: mediaFiles.bytes }).from(mediaFiles).where(eq(mediaFiles.hash, hash));
      return row?.bytes ?? null;
    },
    async delete(hash) {
      await db.update(mediaFiles).set({ bytes: null }).where(eq(mediaFiles.hash, hash));
    },
    async list() {
      const rows = await db.select({ hash: mediaFiles.hash }).from(mediaFiles).where(isNotNull(mediaFiles.bytes));
      return rows.map((row) => row.hash);
    },
  };
}

const CONTENT_TYPES: Record<string, { type: string; extension: string }> = {
  jpeg: { type: "image/jpeg", extension: "jpg" },
  png: { type: "image/png", extension: "png" },
  webp: { type: "image/webp", extension: "webp" },
  avif: { type: "image/avif", extension: "avif" },
};

/** The address a file is served at: immutable, because the name is the content. */
export const mediaUrl = (hash: string, format: string) => `/media/${hash}.${CONTENT_TYPES[format]!.extension}`;

const focusKey = (focus: FocalPoint = { x: 50, y: 50 }) => `${Math.round(focus.x)},${Math.round(focus.y)}`;

/** A content file's focal point, "50% 40%" (across, down; CSS's object-position), as a FocalPoint. */
export function focusOf(position: string | undefined): FocalPoint {
  const [x, y] = (position ?? "").split(/\s+/).map((part) => Number.parseFloat(part));
  const clamp = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? 50 : Math.max(0, Math.min(100, n)));
  return { x: clamp(x), y: clamp(y) };
}

/** Where content names an uploaded image: its id, and the frame and focal point it is cut to there. */
export interface ImageReference {
  upload: string;
  kind: ImageKind;
  position?: string;
}

/** The key under which `lookup` answers for a reference. */
export const referenceKey = (ref: ImageReference) => `${ref.upload}@${ref.kind}@${focusKey(focusOf(ref.position))}`;

export interface StoredVariant {
  format: string;
  width: number;
  height: number;
  url: string;
}

export interface MediaStore {
  /** Keeps an accepted upload; the same photograph uploaded twice is one image. Returns its id and variants. */
  save(
    upload: ProcessedUpload,
    kind: ImageKind,
    focus: FocalPoint | undefined,
    uploadedBy: string | null,
  ): Promise<{ imageId: string; variants: StoredVariant[] }>;
  /** The variants of an image cut to a kind's frame at a focal point, or none if they were never made. */
  variants(imageId: string, kind: ImageKind, focus?: FocalPoint): Promise<StoredVariant[]>;
  /**
   * Makes the variants of a kept image for a kind's frame at a focal point, from its clean original, unless
   * they exist: a new crop of an old upload, or the same photograph shown in another place. False if there is
   * no such image (collected, or never uploaded here).
   */
  crop(imageId: string, kind: ImageKind, focus: FocalPoint): Promise<boolean>;
  /** The variants of many references at once, by `referenceKey`; one that has none is left out. */
  lookup(refs: ImageReference[]): Promise<Map<string, StoredVariant[]>>;
  /** The smallest WebP variant of an image at any focal point: a thumbnail for staff. */
  thumbnail(imageId: string): Promise<StoredVariant | null>;
  /** Deletes one image and every file only it used, at once: a photograph staff want gone. */
  erase(imageId: string): Promise<{ images: number; files: number }>;
  /**
   * A variant's file to serve, by the hash in its address. An original is never served: it is the whole
   * photograph, uncut, that staff cropped for a reason; it is kept only to cut new variants from.
   */
  file(hash: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /**
   * Deletes every image no revision refers to, and every file no image uses: what staff delete is gone. An
   * image uploaded after `uploadedBefore` is spared: its editor may not have saved yet.
   */
  collect(referenced: Iterable<string>, uploadedBefore?: Date): Promise<{ images: number; files: number }>;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

export function createMediaStore(db: Database, blobs: BlobStore): MediaStore {
  /**
   * Writes files and the rows that name them in one transaction holding the files' lock shared; collection
   * holds it alone. Without it, a collection on this or another instance could drop a file that an upload
   * had just found already kept, before its variant named it.
   */
  const storing = <T>(write: (tx: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock_shared(${ADVISORY_LOCKS.mediaFiles})`);
      return write(tx);
    });
  const collecting = <T>(remove: (tx: Database) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.mediaFiles})`);
      return remove(tx);
    });

  /** A file's bytes are in place before its row names it, so a backup that has the row has the bytes. */
  async function keepFile(tx: Database, bytes: Buffer, format: string): Promise<string> {
    const hash = sha256(bytes);
    const row = { hash, contentType: CONTENT_TYPES[format]!.type, byteSize: bytes.length };
    const [known] = await tx
      .select({ hash: mediaFiles.hash, inRow: sql<boolean>`${mediaFiles.bytes} is not null` })
      .from(mediaFiles)
      .where(eq(mediaFiles.hash, hash));
    if (blobs.inRow) {
      if (!known)
        await tx
          .insert(mediaFiles)
          .values({ ...row, bytes })
          .onConflictDoNothing();
      else if (!known.inRow) await tx.update(mediaFiles).set({ bytes }).where(eq(mediaFiles.hash, hash));
    } else {
      if (!known || (await blobs.get(hash)) === null) await blobs.put(hash, bytes);
      if (!known) await tx.insert(mediaFiles).values(row).onConflictDoNothing();
    }
    return hash;
  }

  const variantsOf = async (imageId: string, kind: ImageKind, focus: string): Promise<StoredVariant[]> =>
    (
      await db
        .select()
        .from(imageVariants)
        .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.kind, kind), eq(imageVariants.focus, focus)))
        .orderBy(imageVariants.format, imageVariants.width)
    ).map((v) => ({ format: v.format, width: v.width, height: v.height, url: mediaUrl(v.fileHash, v.format) }));

  /** Keeps an image's variants; false if the image is gone (collected after its upload's grace). */
  async function keepVariants(tx: Database, imageId: string, kind: ImageKind, focus: FocalPoint | undefined, variants: ImageVariant[]) {
    const [image] = await tx.select({ id: images.id }).from(images).where(eq(images.id, imageId));
    if (!image) return false;
    const key = focusKey(focus);
    for (const variant of variants) {
      const fileHash = await keepFile(tx, variant.bytes, variant.format);
      await tx
        .insert(imageVariants)
        .values({ imageId, kind, focus: key, format: variant.format, width: variant.width, height: variant.height, fileHash })
        .onConflictDoUpdate({
          target: [imageVariants.imageId, imageVariants.kind, imageVariants.focus, imageVariants.format, imageVariants.width],
          set: { fileHash },
        });
    }
    return true;
  }

  /** Deletes every file no image uses, its row and its bytes; and bytes whose row a crash left behind. */
  async function dropUnusedFiles(tx: Database): Promise<number> {
    const used = tx
      .select({ hash: images.originalHash })
      .from(images)
      .union(tx.select({ hash: imageVariants.fileHash }).from(imageVariants));
    const orphans = await tx.delete(mediaFiles).where(notInArray(mediaFiles.hash, used)).returning({ hash: mediaFiles.hash });
    // In PostgreSQL the bytes went with their rows. In a folder, bytes whose row is gone: the orphans just
    // deleted, and any a crash left between writing the bytes and the row.
    if (blobs.inRow) return orphans.length;
    const indexed = new Set((await tx.select({ hash: mediaFiles.hash }).from(mediaFiles)).map((r) => r.hash));
    for (const hash of await blobs.list()) if (!indexed.has(hash)) await blobs.delete(hash);
    return orphans.length;
  }

  return {
    async save(upload, kind, focus, uploadedBy) {
      const imageId = await storing(async (tx) => {
        const originalHash = await keepFile(tx, upload.original.bytes, upload.original.format);
        await tx
          .insert(images)
          .values({ id: originalHash, kind, width: upload.original.width, height: upload.original.height, originalHash, uploadedBy })
          // Uploaded again: its editor's grace before collection starts again.
          .onConflictDoUpdate({ target: images.id, set: { uploadedAt: sql`now()` } });
        await keepVariants(tx, originalHash, kind, focus, upload.variants);
        return originalHash;
      });
      return { imageId, variants: await variantsOf(imageId, kind, focusKey(focus)) };
    },
    variants: (imageId, kind, focus) => variantsOf(imageId, kind, focusKey(focus)),
    async crop(imageId, kind, focus) {
      // A partial set (a crash midway, or files an older key let another kind overwrite) is made whole.
      const { formats, widths } = IMAGE_KINDS[kind];
      if ((await variantsOf(imageId, kind, focusKey(focus))).length >= formats.length * widths.length) return true;
      const [image] = await db.select({ originalHash: images.originalHash }).from(images).where(eq(images.id, imageId));
      const original = image ? await blobs.get(image.originalHash) : null;
      if (!original) return false;
      const variants = await cutVariants(original, kind, focus);
      return storing((tx) => keepVariants(tx, imageId, kind, focus, variants));
    },
    async lookup(refs) {
      const ids = [...new Set(refs.map((r) => r.upload))].filter((id) => HASH.test(id));
      const found = new Map<string, StoredVariant[]>();
      if (!ids.length) return found;
      const rows = await db
        .select()
        .from(imageVariants)
        .where(inArray(imageVariants.imageId, ids))
        .orderBy(imageVariants.format, imageVariants.width);
      for (const v of rows) {
        const key = `${v.imageId}@${v.kind}@${v.focus}`;
        if (!found.has(key)) found.set(key, []);
        found.get(key)!.push({ format: v.format, width: v.width, height: v.height, url: mediaUrl(v.fileHash, v.format) });
      }
      return found;
    },
    async file(hash) {
      if (!HASH.test(hash)) return null;
      const [row] = await db
        .select({ contentType: mediaFiles.contentType })
        .from(mediaFiles)
        .innerJoin(imageVariants, eq(imageVariants.fileHash, mediaFiles.hash))
        .where(eq(mediaFiles.hash, hash))
        .limit(1);
      if (!row) return null;
      const bytes = await blobs.get(hash);
      return bytes ? { bytes, contentType: row.contentType } : null;
    },
    async collect(referenced, uploadedBefore) {
      const keep = [...new Set(referenced)];
      return collecting(async (tx) => {
        const removedImages = await tx
          .delete(images)
          .where(
            and(keep.length ? notInArray(images.id, keep) : sql`true`, uploadedBefore ? lt(images.uploadedAt, uploadedBefore) : sql`true`),
          )
          .returning({ id: images.id });
        return { images: removedImages.length, files: await dropUnusedFiles(tx) };
      });
    },
    async thumbnail(imageId) {
      const [smallest] = await db
        .select()
        .from(imageVariants)
        .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.format, "webp")))
        .orderBy(imageVariants.width)
        .limit(1);
      return smallest
        ? { format: smallest.format, width: smallest.width, height: smallest.height, url: mediaUrl(smallest.fileHash, "webp") }
        : null;
    },
    async erase(imageId) {
      return collecting(async (tx) => {
        const removed = await tx.delete(images).where(eq(images.id, imageId)).returning({ id: images.id });
        return { images: removed.length, files: await dropUnusedFiles(tx) };
      });
    },
  };
}

const ADDRESS = /^([0-9a-f]{64})\.(jpg|png|webp|avif)$/;

/**
 * The answer to GET /media/<file>: a variant's bytes under an immutable, year-long cache, or 404 (for an
 * original too, whose hash is an image's id and so appears in the content). The extension must match the
 * file's type, so one file has one address. The files are photographs only, never markup, and
 * `default-src 'none'` keeps it that way if a browser is ever asked to render one as a page.
 */
export async function mediaResponse(store: MediaStore, file: string) {
  const match = ADDRESS.exec(file);
  const found = match ? await store.file(match[1]!) : null;
  if (!match || !found || CONTENT_TYPES[found.contentType.replace("image/", "")]?.extension !== match[2]) {
    return {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-cache" },
      body: Buffer.from("Not found"),
    };
  }
  return {
    status: 200,
    headers: {
      "Content-Type": found.contentType,
      "Content-Length": String(found.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: `"${match[1]}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'",
    },
    body: found.bytes,
  };
}
