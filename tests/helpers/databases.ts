/**
 * The databases a test can run against: always an in-memory PGlite, and a fresh database on the
 * PostgreSQL at 127.0.0.1:5432 when one answers (CI's machine has one). Set TEST_POSTGRES_URL to
 * point elsewhere, or TEST_POSTGRES=off to skip it.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresAvailable(): Promise<boolean> {
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
