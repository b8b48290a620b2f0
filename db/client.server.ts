import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import v8 from "node:v8";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { ADVISORY_LOCKS } from "./locks";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The PostgreSQL pool, for components that share it (rate limits); absent on PGlite. */
  pgPool?: pg.Pool;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Whether every migration this build knows has been applied (a load balancer's readiness check). */
  migrated(): Promise<boolean>;
  /** PGlite only: its own dump of the data folder (gzipped tar), taken between transactions. */
  dumpDataDir?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface OpenDatabaseOptions {
  /** postgres:// URL; without it the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; "memory://" keeps them in memory (tests). */
  dataDir?: string;
  migrationsFolder?: string;
  poolSize?: number;
  /**
   * PGlite only: a dump of a data folder (dumpDataDir) to begin from instead of an empty database, when
   * dataDir is "memory://" or holds no database yet. Tests begin each database from one migrated once.
   */
  loadDataDir?: Blob;
}

/** The committed SQL migrations, found from this file whether it runs from source or from build/server. */
export function defaultMigrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, "db", "migrations");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    if (existsSync(join(dir, "migrations", "meta", "_journal.json"))) return join(dir, "migrations");
    dir = dirname(dir);
  }
  return resolve("db/migrations");
}

/*
 * The embedded database's memory (docs/decisions/006-render-cache-and-memory.md). PostgreSQL's default
 * 128 MB of shared buffers is sized for a server shared by many clients; this site's whole database fits
 * in a few megabytes, and every page a visitor reads is served from the render cache anyway.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "temp_buffers=2MB"];

/**
 * Creating the database (initdb) grows PGlite's WebAssembly memory to several hundred megabytes, and such
 * memory never shrinks. It is done once, in a short-lived child process, so the server never holds it.
 */
function createPgliteDataDir(dir: string): void {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dir)}).then((db) => db.close()).catch((e) => { console.error(e); process.exit(1); })`;
  const result = spawnSync(process.execPath, ["-e", script], { stdio: ["ignore", "inherit", "inherit"] });
  if (result.status !== 0) throw new Error(`could not create the embedded database in ${dir}`);
}

/**
 * V8 compiles WebAssembly twice: quickly (Liftoff), then optimised (TurboFan) for hot code, keeping both.
 * PGlite's 9 MB module then holds about 50 MB more; the quick code alone is fast enough for this site's
 * queries (docs/decisions/006-render-cache-and-memory.md has the figures).
 */
let wasmFlagsSet = false;
function keepWasmCodeSmall(): void {
  if (wasmFlagsSet) return;
  wasmFlagsSet = true;
  v8.setFlagsFromString("--liftoff-only");
}

/** The committed migrations, in order, as drizzle-kit's journal lists them. */
export function readMigrationJournal(migrationsFolder: string): { entries: { when: number; tag: string }[] } {
  return JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
}

/** The journal timestamp of the newest migration applied to a database (Drizzle records it), or 0. */
export async function appliedMigrationLevel(db: { execute: Database["execute"] }): Promise<number> {
  const result = (await db.execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { applied: string | null }[];
  };
  return Number(result.rows[0]?.applied ?? 0);
}

/** Whether a database has the newest migration of this build: the journal is read once, the database each time. */
function migrationCheck(db: unknown, migrationsFolder: string): () => Promise<boolean> {
  const newest = Math.max(...readMigrationJournal(migrationsFolder).entries.map((e) => e.when));
  return async () => (await appliedMigrationLevel(db as Database)) >= newest;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsFolder ?? defaultMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A client's network error must not crash the process: an idle one's reaches the pool, and one in use
    // (inside a transaction, between its queries) emits it on itself, where nothing else listens. The query
    // in progress, or the next, reports it to its caller.
    pool.on("error", () => {});
    pool.on("connect", (client) => void client.on("error", () => {}));
    const db = drizzlePg(pool, { schema });
    const client = await pool.connect();
    try {
      // Instances starting together against one PostgreSQL migrate one after the other.
      await client.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.migrations]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.migrations]).catch(() => {});
      client.release();
    }
    return {
      db: db as unknown as Database,
      kind: "postgres",
      pgPool: pool,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrated: migrationCheck(db, migrationsFolder),
      close: () => pool.end(),
    };
  }

  const dataDir = options.dataDir ?? "./data";
  const pgliteDir = dataDir.startsWith("memory://") ? undefined : join(dataDir, "pglite");
  let loadDataDir = options.loadDataDir;
  if (pgliteDir) {
    mkdirSync(dataDir, { recursive: true });
    // A folder that holds a database is opened as it is; an empty one begins from the dump when there is one.
    if (existsSync(join(pgliteDir, "PG_VERSION"))) loadDataDir = undefined;
    else if (!loadDataDir) createPgliteDataDir(pgliteDir);
  }
  keepWasmCodeSmall();
  // Site search's extensions (db/migrations/0006_search.sql); PostgreSQL has them from its contrib package.
  const client = await PGlite.create(pgliteDir, {
    startParams: PGLITE_START_PARAMS,
    extensions: { unaccent, pg_trgm },
    loadDataDir,
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrated: migrationCheck(db, migrationsFolder),
    // Inside a transaction no other one can run (PGlite runs one at a time), so the copy holds whole
    // transactions only; the dump itself waits for the statement in progress.
    dumpDataDir: () => client.transaction(async () => new Uint8Array(await (await client.dumpDataDir("gzip")).arrayBuffer())),
    close: () => client.close(),
  };
}
