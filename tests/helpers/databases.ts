/**
 * The databases a test can run against: always an in-memory PGlite, and a fresh database on the
 * PostgreSQL at 127.0.0.1:5432 when one answers (CI's machine has one). Set TEST_POSTGRES_URL to
 * point elsewhere, or TEST_POSTGRES=off to skip it.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function postgresAvailable(): Promise<boolean> {
  if (process.env.TEST_POSTGRES === "off") return false;
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates an empty database and returns its URL and a function that drops it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `site_test_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export const hasPostgres = await postgresAvailable();

/**
 * Declares the same tests once per database: an in-memory PGlite, and a fresh PostgreSQL database when
 * one answers. `define` gets the open handle through a getter (it opens before the block's first test
 * and closes after its last), and declares one `it` per behaviour.
 */
export function forEachDatabase(title: string, define: (handle: () => DatabaseHandle) => void) {
  const kinds = [
    { name: "PGlite", open: async () => ({ handle: await openDatabase({ dataDir: "memory://" }), drop: async () => {} }) },
    ...(hasPostgres
      ? [
          {
            name: "PostgreSQL",
            open: async () => {
              const { url, drop } = await createTestDatabase();
              return { handle: await openDatabase({ databaseUrl: url }), drop };
            },
          },
        ]
      : []),
  ];
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

/** Where a server under test keeps its data, as its environment, and how to remove it afterwards. */
export interface ServerPlace {
  name: "PGlite" | "PostgreSQL";
  make(): Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
}

/**
 * The places a server under test can keep its data: the embedded database (in memory, or in a folder of its
 * own that a restart finds again), and a fresh PostgreSQL database when one answers.
 */
export function serverPlaces(embedded: "memory" | "folder"): ServerPlace[] {
  return [
    {
      name: "PGlite",
      make: async () => {
        if (embedded === "memory") return { env: { DATA_DIR: "memory://", DATABASE_URL: "" }, drop: async () => {} };
        const dir = mkdtempSync(join(tmpdir(), "site-data-"));
        return { env: { DATA_DIR: dir, DATABASE_URL: "" }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
    ...(hasPostgres
      ? [
          {
            name: "PostgreSQL" as const,
            make: async () => {
              const { url, drop } = await createTestDatabase();
              return { env: { DATABASE_URL: url }, drop };
            },
          },
        ]
      : []),
  ];
}
