/**
 * Vitest's global setup (vitest.config.ts): the databases tests begin from, migrated once per run rather than
 * once per test. The embedded one is migrated in memory and dumped to a file (PGlite's dumpDataDir), which
 * openDatabase loads (loadDataDir), and copied into a folder for servers that keep their data in DATA_DIR.
 * On the PostgreSQL of tests/helpers/databases.ts, when one answers, a migrated database is the template each
 * fresh one is copied from (CREATE DATABASE … TEMPLATE). All of them are removed when the run ends.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../db/client.server";

/** The PostgreSQL tests use: TEST_POSTGRES_URL, or the one at 127.0.0.1:5432; TEST_POSTGRES=off for none. */
export const adminUrl = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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

async function asAdmin(query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/** A new database on the test PostgreSQL, empty or a copy of `template`: its name, its URL and a function that drops it. */
export async function createDatabase(
  template?: string,
  prefix = "site_test",
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await asAdmin(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => asAdmin(`drop database if exists ${name} with (force)`) };
}

export interface DatabaseTemplates {
  /** A migrated embedded database's dump (gzipped tar), for openDatabase's loadDataDir. */
  embeddedDump: string;
  /** A migrated embedded database's folder, to copy as DATA_DIR/pglite. */
  embeddedFolder: string;
  /** The migrated PostgreSQL database fresh ones are copied from; null when no PostgreSQL answers. */
  postgres: string | null;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The embedded database, migrated: its dump in `dump`, and the same database in the folder `dataDir`. */
async function embeddedTemplate(dump: string, dataDir: string): Promise<void> {
  const memory = await openDatabase({ dataDir: "memory://" });
  writeFileSync(dump, await memory.dumpDataDir!());
  await memory.close();
  await (await openDatabase({ dataDir, loadDataDir: await openAsBlob(dump) })).close();
}

/** A migrated PostgreSQL database, no longer connected to (a template must not be), or null without PostgreSQL. */
async function postgresTemplate(): Promise<Awaited<ReturnType<typeof createDatabase>> | null> {
  if (!(await postgresAvailable())) return null;
  const template = await createDatabase(undefined, "site_test_template");
  try {
    await (await openDatabase({ databaseUrl: template.url, poolSize: 1 })).close();
    return template;
  } catch (err) {
    await template.drop();
    throw err;
  }
}

export default async function setup(project: TestProject) {
  // Every project of vitest.config.ts runs this setup too, and sees what the root project provides: the root makes them.
  if (!project.isRootProject()) return;
  const work = mkdtempSync(join(tmpdir(), "site-templates-"));
  const embeddedDump = join(work, "pglite.tar.gz");
  const [embedded, postgres] = await Promise.allSettled([embeddedTemplate(embeddedDump, join(work, "data")), postgresTemplate()]);
  const teardown = async () => {
    if (postgres.status === "fulfilled") await postgres.value?.drop();
    rmSync(work, { recursive: true, force: true });
  };
  const failed = [embedded, postgres].find((result) => result.status === "rejected");
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide("databaseTemplates", {
    embeddedDump,
    embeddedFolder: join(work, "data", "pglite"),
    postgres: postgres.status === "fulfilled" ? (postgres.value?.name ?? null) : null,
  });
  return teardown;
}
