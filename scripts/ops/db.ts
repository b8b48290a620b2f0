/**
 * Backups, restores and the move to PostgreSQL, on the configured database (DATABASE_URL, or the embedded
 * one in DATA_DIR):
 *   npm run db:backup -- <file>            a consistent backup while the site keeps serving
 *   npm run db:restore -- <file> [--identity KEYFILE] [--force]
 *                                          into an empty database; --force replaces what is there; an
 *                                          encrypted backup (BACKUP_RECIPIENTS) needs its private key
 *   npm run db:move -- --to <postgres url> the embedded database's rows into an empty PostgreSQL
 * docs/deploy.md has the runbook.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import type { Writable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { defaultMigrationsFolder, openDatabase, type DatabaseHandle } from "../../db/client.server";
import {
  NON_EMPTY_SQL,
  loadLogicalBackup,
  logicalBackupLevel,
  migrationsUpTo,
  rowCounts,
  writeLogicalBackup,
} from "../../db/backup.server";
import { readPgliteBackup, writePgliteBackup } from "../../app/lib/media-backup.server";
import { BackupKeyError, backupOutput, decryptBackup, isEncryptedBackup } from "../../db/backup-encryption.server";
import { folderBlobStore, tableBlobStore } from "../../app/lib/media.server";
import { loadConfig } from "../../server/config";
import { backupFromRunningServer, serverIsRunning } from "../../server/control";

const USAGE = `Usage:
  npm run db:backup -- <file>
  npm run db:restore -- <file> [--identity <key file>] [--force]
  npm run db:move -- --to <postgres://… url of an empty database>`;

class Refusal extends Error {}
const refuse = (message: string): never => {
  throw new Refusal(message);
};

const config = loadConfig(process.env);
const dataDir = resolve(config.DATA_DIR);
const pgliteDir = join(dataDir, "pglite");
/** The embedded database's photographs: their rows are in PGlite, their bytes here (decision 008). */
const mediaDir = join(dataDir, "media");
const [command, ...args] = process.argv.slice(2);

/** The URL to show: never the password. */
const shown = (url: string) => {
  const u = new URL(url);
  if (u.password) u.password = "****";
  return u.toString();
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

function printCounts(counts: Record<string, number>) {
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(28)} ${String(n).padStart(8)}`);
}

/** pg_dump when it is installed and not older than the server (pg_dump refuses newer servers). */
async function usablePgDump(url: string): Promise<boolean> {
  const version = spawnSync("pg_dump", ["--version"], { encoding: "utf8" });
  if (version.status !== 0) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const server = Number((await client.query("show server_version_num")).rows[0].server_version_num) / 10000;
  await client.end();
  return Number(/(\d+)\./.exec(version.stdout)?.[1] ?? 0) >= Math.floor(server);
}

/** Writes the backup of the configured database into `out`; says what it wrote. */
async function writeBackup(out: Writable): Promise<string> {
  const write = async (chunk: string | Buffer) => {
    if (!out.write(chunk)) await once(out, "drain");
  };
  if (config.DATABASE_URL) {
    if (await usablePgDump(config.DATABASE_URL)) {
      // To standard output, so that an encrypted backup never exists in plain form on the disk.
      const child = spawn("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", config.DATABASE_URL], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const exited = once(child, "exit") as Promise<[number | null]>;
      for await (const chunk of child.stdout) await write(chunk as Buffer);
      const [code] = await exited;
      if (code !== 0) refuse("pg_dump failed (see above).");
      return "Backup of PostgreSQL written with pg_dump (custom format)";
    }
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 2 });
    try {
      const counts = await writeLogicalBackup(database.db, write);
      printCounts(counts);
      return "pg_dump is not installed (or older than the server): logical SQL backup written instead";
    } finally {
      await database.close();
    }
  }
  let bytes = await backupFromRunningServer(dataDir);
  const how = bytes ? "by the running server" : "with the server stopped";
  if (!bytes) {
    if (!existsSync(join(pgliteDir, "PG_VERSION"))) refuse(`There is no embedded database in ${dataDir} to back up.`);
    const database = await openDatabase({ dataDir });
    try {
      bytes = Buffer.from(await database.dumpDataDir!());
    } finally {
      await database.close();
    }
  }
  // The database first, then the files: a row the dump holds names a file already written (app/lib/media.server.ts).
  const backup = await writePgliteBackup(bytes, folderBlobStore(mediaDir));
  await write(backup.bytes);
  return `Backup of the embedded database (PGlite's dump, ${how}, and ${backup.files} uploaded image file${backup.files === 1 ? "" : "s"})`;
}

async function backup(file: string) {
  const recipients = config.BACKUP_RECIPIENTS;
  const output = backupOutput(file, recipients);
  let what: string;
  try {
    what = await writeBackup(output.input);
    await output.finish();
  } catch (err) {
    output.abort();
    throw err;
  }
  console.log(`${what}: ${file}, ${kb(statSync(file).size)}.`);
  if (recipients.length) {
    console.log(
      `Encrypted with age to ${recipients.length} key${recipients.length === 1 ? "" : "s"} (BACKUP_RECIPIENTS); restore it with --identity KEYFILE.`,
    );
  } else {
    console.warn(
      "Warning: this backup is NOT encrypted. Anyone who gets the file can read every message and volunteer sign-up in it.\n" +
        "Set BACKUP_RECIPIENTS to the public key from `npm run backup:keygen` (docs/deploy.md, Backups).",
    );
  }
}

/** A file's first bytes, without reading the rest (a backup with its photographs runs to hundreds of MB). */
function headOf(file: string, bytes: number): Buffer {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(bytes);
    return head.subarray(0, readSync(fd, head, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

type BackupKind = "pglite" | "pg_dump" | "logical";
function kindOf(file: string, shownName = file): { kind: BackupKind; level?: number } {
  const head = headOf(file, 4096);
  if (head[0] === 0x1f && head[1] === 0x8b) return { kind: "pglite" };
  if (head.subarray(0, 5).toString() === "PGDMP") return { kind: "pg_dump" };
  const level = logicalBackupLevel(head.toString("utf8"));
  if (level === null || Number.isNaN(level)) return refuse(`${shownName} is not a backup this tool made.`);
  return { kind: "logical", level };
}

/** A file's lines, read only once the first is asked for (readline drops lines that nobody is listening for). */
async function* linesOf(file: string): AsyncGenerator<string> {
  yield* createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity });
}

/** Loads a logical backup: the schema at the backup's level, its rows, then any newer migrations. */
async function restoreLogical(file: string, level: number, open: (migrationsFolder?: string) => Promise<DatabaseHandle>) {
  const atLevel = migrationsUpTo(defaultMigrationsFolder(), level);
  try {
    const database = await open(atLevel.folder);
    try {
      await loadLogicalBackup(database.db, linesOf(file));
    } finally {
      await database.close();
    }
  } finally {
    atLevel.remove();
  }
}

/**
 * An encrypted backup is first decrypted whole into a private folder with the key file, so a wrong key or a
 * damaged file is refused before anything is touched; the plain copy is deleted afterwards.
 */
async function restore(given: string, force: boolean, keyFile: string | undefined) {
  if (!existsSync(given)) refuse(`${given} does not exist.`);
  if (!isEncryptedBackup(headOf(given, 64))) return restorePlain(given, force);
  if (!keyFile) refuse(`${given} is encrypted: add --identity KEYFILE, the private key that matches BACKUP_RECIPIENTS.`);
  const work = mkdtempSync(join(tmpdir(), "db-restore-"));
  try {
    const plain = join(work, "backup");
    await decryptBackup(given, resolve(keyFile!), plain).catch((err: Error) =>
      refuse(err instanceof BackupKeyError ? err.message : String(err)),
    );
    console.log(`Decrypted ${given} with the key in ${keyFile}.`);
    await restorePlain(plain, force, given);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function restorePlain(file: string, force: boolean, shownName = file) {
  const { kind, level } = kindOf(file, shownName);
  let database: DatabaseHandle;
  if (config.DATABASE_URL) {
    const url = config.DATABASE_URL;
    if (kind === "pglite") {
      refuse(
        "This is a backup of the embedded database. To bring it to PostgreSQL, restore it with DATABASE_URL unset, then run npm run db:move.",
      );
    }
    if (!(await postgresIsEmpty(url))) {
      if (!force)
        refuse(`The database at ${shown(url)} is not empty. Restore into an empty one, or add --force to replace everything in it.`);
      await withPostgres(url, (client) =>
        client.query("drop schema if exists drizzle cascade; drop schema public cascade; create schema public"),
      );
    }
    if (kind === "pg_dump") {
      const run = spawnSync("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", `--dbname=${url}`, file], {
        stdio: "inherit",
      });
      if (run.status !== 0) refuse("pg_restore failed (see above); is pg_restore installed?");
    } else {
      await restoreLogical(file, level!, (migrationsFolder) => openDatabase({ databaseUrl: url, migrationsFolder, poolSize: 2 }));
    }
    database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  } else {
    if (kind === "pg_dump") refuse("This is a pg_dump backup of PostgreSQL: set DATABASE_URL to restore it there.");
    if (await serverIsRunning(dataDir)) refuse("The server is running on this embedded database: stop it first.");
    if (existsSync(join(pgliteDir, "PG_VERSION"))) {
      if (!force) refuse(`There is already a database in ${pgliteDir}. Restore into an empty DATA_DIR, or add --force to replace it.`);
      rmSync(pgliteDir, { recursive: true, force: true });
    }
    mkdirSync(dataDir, { recursive: true });
    if (kind === "pglite") {
      const { dump, media } = await readPgliteBackup(readFileSync(file)).catch((err: Error) => refuse(`${shownName}: ${err.message}`));
      const loaded = await PGlite.create(pgliteDir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
      await loaded.close();
      rmSync(mediaDir, { recursive: true, force: true });
      const files = folderBlobStore(mediaDir);
      for (const [hash, bytes] of media) await files.put(hash, bytes);
    } else {
      await restoreLogical(file, level!, (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }));
    }
    database = await openDatabase({ dataDir });
  }
  try {
    console.log(
      `Restored ${shownName} (${kind === "pglite" ? "PGlite dump" : kind === "pg_dump" ? "pg_dump" : "logical SQL"}) into ${config.DATABASE_URL ? shown(config.DATABASE_URL) : pgliteDir}:`,
    );
    printCounts(await rowCounts(database.db));
  } finally {
    await database.close();
  }
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect().catch((err: Error) => refuse(`Cannot connect to ${shown(url)}: ${err.message}`));
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const postgresIsEmpty = (url: string) => withPostgres(url, async (client) => (await client.query(NON_EMPTY_SQL)).rows[0].n === 0);

async function move(to: string | undefined) {
  if (!to || !/^postgres(ql)?:\/\//.test(to)) refuse(USAGE);
  if (config.DATABASE_URL) refuse("DATABASE_URL is set: db:move copies from the embedded database (unset it to run the move).");
  if (!existsSync(join(pgliteDir, "PG_VERSION"))) refuse(`There is no embedded database in ${dataDir} to move.`);
  if (await serverIsRunning(dataDir))
    refuse("The server is running on the embedded database: stop it first, so that nothing is written after the copy.");
  if (!(await postgresIsEmpty(to!))) refuse(`The database at ${shown(to!)} is not empty: db:move copies only into an empty database.`);
  const target = await openDatabase({ databaseUrl: to!, poolSize: 2 });
  const work = mkdtempSync(join(tmpdir(), "db-move-"));
  try {
    const source = await openDatabase({ dataDir });
    let sourceCounts: Record<string, number>;
    try {
      const file = join(work, "rows.sql");
      const out = createWriteStream(file);
      sourceCounts = await writeLogicalBackup(source.db, async (line) => {
        if (!out.write(line)) await once(out, "drain");
      });
      out.end();
      await once(out, "finish");
      await loadLogicalBackup(target.db, linesOf(file));
      // The photographs' bytes move from the media folder into their rows, where every instance reads them.
      const from = folderBlobStore(mediaDir);
      const into = tableBlobStore(target.db);
      for (const hash of await from.list()) await into.put(hash, (await from.get(hash))!);
    } finally {
      await source.close();
    }
    const targetCounts = await rowCounts(target.db);
    console.log(`${"table".padEnd(28)} ${"embedded".padStart(9)} ${"PostgreSQL".padStart(11)}`);
    let equal = true;
    for (const [table, n] of Object.entries(sourceCounts)) {
      const m = targetCounts[table] ?? 0;
      equal &&= m === n;
      console.log(`${table.padEnd(28)} ${String(n).padStart(9)} ${String(m).padStart(11)}${m === n ? "" : "   differs"}`);
    }
    if (!equal) refuse("The row counts differ: do not switch; the embedded database is untouched.");
    console.log(`\nEverything is copied. Set this, with your password, and start the server:\nDATABASE_URL=${shown(to!)}`);
  } finally {
    await target.close();
    rmSync(work, { recursive: true, force: true });
  }
}

try {
  if (command === "backup" && args[0]) await backup(resolve(args[0]));
  else if (command === "restore" && args[0]) {
    const identity = args.indexOf("--identity");
    await restore(resolve(args[0]), args.includes("--force"), identity === -1 ? undefined : (args[identity + 1] ?? refuse(USAGE)));
  } else if (command === "move") await move(args[args.indexOf("--to") + 1]);
  else refuse(USAGE);
  process.exit(0);
} catch (err) {
  console.error(err instanceof Refusal ? err.message : err);
  process.exit(1);
}
