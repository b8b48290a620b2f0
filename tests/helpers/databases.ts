/**
 * The databases a test can run against: always an in-memory PGlite, and a fresh database on the
 * PostgreSQL at 127.0.0.1:5432 when one answers (CI's machine has one). Set TEST_POSTGRES_URL to
 * point elsewhere, or TEST_POSTGRES=off to skip it. Each begins as a copy of a database migrated once
 * per run (tests/helpers/database-templates.ts, Vitest's global setup).
 */
import { cpSync, mkdtempSync, openAsBlob, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { createDatabase, postgresAvailable, type DatabaseTemplates } from "./database-templates";

/** Absent only when Vitest runs without vitest.config.ts's global setup: then every database is migrated anew. */
const templates: DatabaseTemplates | undefined = inject("databaseTemplates");

export const hasPostgres = templates ? templates.postgres !== null : await postgresAvailable();

/**
 * Creates a database on the test PostgreSQL and returns its URL and a function that drops it: "migrated"
 * (the usual: a copy of the migrated template, in which openDatabase finds nothing to do) or "empty", for
 * what a new database does (migrating, restoring into it).
 */
export async function createTestDatabase(contents: "migrated" | "empty"): Promise<{ url: string; drop: () => Promise<void> }> {
  const { url, drop } = await createDatabase(contents === "migrated" ? (templates?.postgres ?? undefined) : undefined);
  return { url, drop };
}

/** A dump of the embedded database, migrated, for openDatabase's loadDataDir. */
export async function migratedEmbeddedDump(): Promise<Blob | undefined> {
  return templates && openAsBlob(templates.embeddedDump);
}

/** The embedded database in memory, migrated. */
export async function openEmbeddedDatabase(): Promise<DatabaseHandle> {
  return openDatabase({ dataDir: "memory://", loadDataDir: await migratedEmbeddedDump() });
}

/** A new DATA_DIR holding the embedded database, migrated and otherwise empty, and a function that removes it. */
export function embeddedDataDir(prefix = "site-data-"): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (templates) cpSync(templates.embeddedFolder, join(dir, "pglite"), { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

interface DatabaseKind {
  name: string;
  open(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }>;
}
const EMBEDDED: DatabaseKind = { name: "PGlite", open: async () => ({ handle: await openEmbeddedDatabase(), drop: async () => {} }) };
const POSTGRES: DatabaseKind = {
  name: "PostgreSQL",
  open: async () => {
    const { url, drop } = await createTestDatabase("migrated");
    return { handle: await openDatabase({ databaseUrl: url }), drop };
  },
};

function declareOn(kinds: DatabaseKind[], title: string, define: (handle: () => DatabaseHandle) => void) {
  for (const kind of kinds) {
    describe(`${title} on ${kind.name}`, () => {
      let opened: { handle: DatabaseHandle; drop: () => Promise<void> } | undefined;
      beforeAll(async () => {
        opened = await kind.open();
      });
      afterAll(async () => {
        await opened?.handle.close();
        await opened?.drop();
      });
      define(() => opened!.handle);
    });
  }
}

/**
 * Declares the same tests once per database: an in-memory PGlite, and a fresh PostgreSQL database when
 * one answers. `define` gets the open handle through a getter (it opens before the block's first test
 * and closes after its last), and declares one `it` per behaviour. For what can differ between the two:
 * SQL of its own, transactions and locks, concurrent instances, conflicts, search, sessions, stored bytes.
 */
export function forEachDatabase(title: string, define: (handle: () => DatabaseHandle) => void) {
  declareOn(hasPostgres ? [EMBEDDED, POSTGRES] : [EMBEDDED], title, define);
}

/** As forEachDatabase, on the embedded database alone: for what no database can change. */
export function onEmbeddedDatabase(title: string, define: (handle: () => DatabaseHandle) => void) {
  declareOn([EMBEDDED], title, define);
}

/** Where a server under test keeps its data, as its environment, and how to remove it afterwards. */
export interface ServerPlace {
  name: "PGlite" | "PostgreSQL";
  make(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}

/** The embedded database as a server keeps it: in memory, or in a folder of its own (migrated) that a restart finds again. */
export function embeddedPlace(embedded: "memory" | "folder"): ServerPlace {
  return {
    name: "PGlite",
    make: async () => {
      if (embedded === "memory") return { env: { DATA_DIR: "memory://", DATABASE_URL: "" }, drop: async () => {} };
      const { dir, remove } = embeddedDataDir();
      return { env: { DATA_DIR: dir, DATABASE_URL: "" }, drop: async () => remove() };
    },
  };
}

/** The places a server under test can keep its data: the embedded database, and a fresh (migrated) PostgreSQL database when one answers. */
export function serverPlaces(embedded: "memory" | "folder"): ServerPlace[] {
  return [
    embeddedPlace(embedded),
    ...(hasPostgres
      ? [
          {
            name: "PostgreSQL" as const,
            make: async () => {
              const { url, drop } = await createTestDatabase("migrated");
              return { env: { DATABASE_URL: url }, drop };
            },
          },
        ]
      : []),
  ];
}
