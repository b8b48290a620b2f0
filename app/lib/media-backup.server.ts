/**
 * The embedded database's backup with its photographs (decision 008): PGlite keeps the rows, the media folder
 * keeps the bytes, so a backup carries both in one gzipped tar:
 *   - `common-bond-backup.json`, first, naming the format;
 *   - `pglite.tgz`, PGlite's own dump of its data folder;
 *   - `media/<sha256>`, one entry per file.
 * A backup from before uploads existed (PGlite's bare dump) still restores: `readPgliteBackup` tells them apart.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createGunzip, createGzip, gunzipSync } from "node:zlib";
import { extract, pack } from "tar-stream";
import type { BlobStore } from "./media.server";

const MARKER = "common-bond-backup.json";
const FORMAT = { format: "common-bond-site embedded backup", version: 1 };

async function collect(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The backup file: PGlite's dump and every file the media folder holds. */
export async function writePgliteBackup(dump: Uint8Array, media: BlobStore): Promise<{ bytes: Buffer; files: number }> {
  const tar = pack();
  const gzipped = collect(tar.pipe(createGzip()));
  const add = (name: string, bytes: Buffer) =>
    new Promise<void>((resolve, reject) => tar.entry({ name }, bytes, (err) => (err ? reject(err) : resolve())));
  await add(MARKER, Buffer.from(JSON.stringify(FORMAT)));
  await add("pglite.tgz", Buffer.from(dump));
  let files = 0;
  for (const hash of (await media.list()).sort()) {
    const bytes = await media.get(hash);
    if (!bytes) continue; // collected since it was listed
    await add(`media/${hash}`, bytes);
    files++;
  }
  tar.finalize();
  return { bytes: await gzipped, files };
}

/**
 * What a gzipped backup holds: PGlite's dump and the media files, each checked against its name. A bare PGlite
 * dump (the format before uploads) gives no files.
 */
export async function readPgliteBackup(file: Buffer): Promise<{ dump: Buffer; media: Map<string, Buffer> }> {
  const tar = extract();
  const entries = new Map<string, Buffer>();
  let first: string | null = null;
  const done = new Promise<void>((resolve, reject) => {
    tar.on("entry", (header, stream, next) => {
      first ??= header.name;
      if (first !== MARKER) {
        stream.resume();
        stream.on("end", next);
        return;
      }
      collect(stream).then((bytes) => {
        entries.set(header.name, bytes);
        next();
      }, reject);
    });
    tar.on("finish", resolve);
    tar.on("error", reject);
  });
  Readable.from(file).pipe(createGunzip()).pipe(tar);
  await done;
  if (first !== MARKER) return { dump: file, media: new Map() };
  const dump = entries.get("pglite.tgz");
  if (!dump) throw new Error("This backup has no database in it.");
  gunzipSync(dump); // fails loudly on a damaged dump, before anything is replaced
  const media = new Map<string, Buffer>();
  for (const [name, bytes] of entries) {
    const hash = /^media\/([0-9a-f]{64})$/.exec(name)?.[1];
    if (!hash) continue;
    if (createHash("sha256").update(bytes).digest("hex") !== hash) throw new Error(`The file ${name} in this backup is damaged.`);
    media.set(hash, bytes);
  }
  return { dump, media };
}
