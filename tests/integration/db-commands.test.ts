/**
 * `npm run db:backup`, `db:restore` and `db:move`, run as an operator runs them (the CLI in a child
 * process) on a populated database: submissions, a staff account, news and the audit log.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import pg from "pg";
import { NON_EMPTY_SQL, tablesInDependencyOrder } from "../../db/backup.server";
import { buildSiteContent } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { SYSTEM } from "../../app/staff/audit.server";
import { root, spawnServer } from "../helpers/built-server";
import { createTestDatabase, embeddedDataDir, hasPostgres } from "../helpers/databases";
import { newsInput, newsServiceOn } from "../helpers/news";
import { seedSubmissions } from "../../scripts/ops/seed-submissions";
import { inboxKeyOf, makeInboxKeyIn } from "../helpers/inbox-key";
import { processUpload } from "../../app/lib/image-upload.server";
import { photo } from "../helpers/photographs";
import { blobStoreFor, createMediaStore } from "../../app/lib/media.server";
import { newBackupKeyPair } from "../../db/backup-encryption.server";
import { staffAccountsOn } from "../helpers/staff-accounts";

const content = buildSiteContent(readContentFiles(`${__dirname}/../../app/content`));
const work = mkdtempSync(join(tmpdir(), "db-cli-"));
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const step of cleanup) await step().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});
const dir = (name: string) => join(work, name);
/** A PostgreSQL database of this test's, dropped at the end: migrated, or empty (for a restore or a move into it). */
async function postgresDatabase(contents: "migrated" | "empty") {
  const created = await createTestDatabase(contents);
  cleanup.push(created.drop);
  return created.url;
}
/** A DATA_DIR of this test's with the embedded database migrated in it, removed at the end. */
function embeddedDatabase() {
  const { dir, remove } = embeddedDataDir("db-cli-");
  cleanup.push(async () => remove());
  return dir;
}

/** The CLI as `npm run db:…` runs it, with only the given database settings. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "scripts", "ops", "db.ts"), ...args],
    {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: "", DATA_DIR: "", ...env },
    },
  );
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

const open = (env: Record<string, string>) =>
  openDatabase({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.DATA_DIR, poolSize: 2 });

/** What an organisation's database holds after a while: every kind of row the issue names. Returns its contents. */
async function populate(env: Record<string, string>): Promise<Contents> {
  const database = await open(env);
  try {
    const { db } = database;
    const news = newsServiceOn(db);
    await news.seed(content.news);
    await inboxKeyOf(db);
    await seedSubmissions(db, 120, 7);
    await staffAccountsOn(db, "http://localhost:3000").accounts.add(SYSTEM, "backup.admin@example.org", "admin");
    const input = newsInput({ title: "Written before the backup", communities: ["yazidis", "druze"] });
    await news.save(SYSTEM, input);
    await mediaOf(database, env).save(await aPhotograph(), "portrait", undefined, null);
    return await contentsOf(database, env);
  } finally {
    await database.close();
  }
}

/** An uploaded portrait: its clean original and four variants, whose bytes must survive every copy. Made once. */
let portrait: ReturnType<typeof processUpload> | undefined;
const aPhotograph = () =>
  (portrait ??= photo(600, 400)
    .then((image) => image.jpeg().toBuffer())
    .then((jpeg) => processUpload(jpeg, "portrait")));
const mediaOf = (database: DatabaseHandle, env: Record<string, string>) =>
  createMediaStore(database.db, blobStoreFor(database.kind, database.db, env.DATA_DIR || "./data"));

/** Every row of every table, in a stable order, as JSON text (a file's bytes apart), and every uploaded file's bytes by hash. */
interface Contents {
  rows: Record<string, string[]>;
  files: Record<string, string>;
}

async function contentsOf(database: DatabaseHandle, env: Record<string, string>): Promise<Contents> {
  const rows: Record<string, string[]> = {};
  for (const table of await tablesInDependencyOrder(database.db)) {
    const result = (await database.db.execute(
      sql.raw(`select (to_jsonb(t) - 'bytes')::text as row from "${table}" t order by 1`),
    )) as unknown as {
      rows: { row: string }[];
    };
    rows[table] = result.rows.map((r) => r.row);
  }
  // The files wherever the database keeps them (decision 008), read from the store itself: the originals are
  // never served, but every copy must carry them.
  const blobs = blobStoreFor(database.kind, database.db, env.DATA_DIR || "./data");
  const hashes = (await database.db.execute(sql`select hash from media_files order by hash`)) as unknown as { rows: { hash: string }[] };
  const files: Record<string, string> = {};
  for (const { hash } of hashes.rows) files[hash] = (await blobs.get(hash))?.toString("base64") ?? "missing";
  return { rows, files };
}
const contents = async (env: Record<string, string>) => {
  const database = await open(env);
  try {
    return await contentsOf(database, env);
  } finally {
    await database.close();
  }
};

/** Tables in a PostgreSQL database, counted without migrating it (as opening it would). */
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(NON_EMPTY_SQL)).rows[0].n;
  } finally {
    await client.end();
  }
}

/** Two age key pairs, as `npm run backup:keygen` writes them: the organisation's, and a stranger's. */
async function keyPairs() {
  const [ours, theirs] = [await newBackupKeyPair(), await newBackupKeyPair()];
  writeFileSync(dir("ours.key"), ours.keyFile);
  writeFileSync(dir("theirs.key"), theirs.keyFile);
  return { recipient: ours.recipient, ours: dir("ours.key"), theirs: dir("theirs.key") };
}

/**
 * What a plain copy of the database shows in clear about people: the staff account's address, and the news. (What
 * visitors sent is sealed before it is stored, so it is found in no copy, encrypted or not: seal-existing.test.ts.)
 */
function personalStrings(rows: Record<string, string[]>): string[] {
  const strings = ["backup.admin@example.org", "Written before the backup"];
  for (const s of strings) expect(Object.values(rows).flat().join("\n")).toContain(s);
  return strings;
}

/** An encrypted file is an age file in which no seeded string can be found. */
function expectSealed(file: string, strings: string[]) {
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 22).toString()).toBe("age-encryption.org/v1\n");
  for (const s of strings) expect(bytes.includes(Buffer.from(s)), s).toBe(false);
}

function expectPopulated(rows: Record<string, string[]>) {
  expect(rows.contact_submissions).toHaveLength(120);
  expect(rows.join_submissions).toHaveLength(120);
  expect(rows.staff_users).toHaveLength(1);
  expect(rows.news_items!.some((r) => r.includes("Written before the backup"))).toBe(true);
  expect(rows.audit_log!.length).toBeGreaterThanOrEqual(2);
  expect(rows.images).toHaveLength(1);
  expect(rows.media_files).toHaveLength(5);
}

describe("backup and restore on the embedded database", () => {
  it("round-trips: every row of every table is identical after a restore", async () => {
    const source = { DATA_DIR: embeddedDatabase() };
    const before = await populate(source);
    expectPopulated(before.rows);
    expect(Object.values(before.files).filter((bytes) => bytes !== "missing")).toHaveLength(5);
    const file = dir("embedded.tar.gz");
    const backup = await cli(["backup", file], source);
    expect(backup.out).toContain("PGlite's dump, with the server stopped, and 5 uploaded image files");
    expect(backup.out).toContain("Warning: this backup is NOT encrypted");
    expect(backup.code).toBe(0);

    const target = { DATA_DIR: dir("embedded-target") };
    const restored = await cli(["restore", file], target);
    expect(restored.code, restored.out).toBe(0);
    expect(await contents(target)).toEqual(before);

    const again = await cli(["restore", file], target);
    expect(again.code).toBe(1);
    expect(again.out).toContain("add --force to replace it");
    expect((await cli(["restore", file, "--force"], target)).code).toBe(0);
    expect(await contents(target)).toEqual(before);
  });

  it("encrypts to BACKUP_RECIPIENTS: the file names no one; the wrong key, or none, is refused and touches nothing; the right key restores every row and file", async () => {
    const keys = await keyPairs();
    const source = { DATA_DIR: embeddedDatabase() };
    const before = await populate(source);
    const file = dir("sealed.tar.gz.age");
    const backup = await cli(["backup", file], { ...source, BACKUP_RECIPIENTS: keys.recipient });
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain("Encrypted with age to 1 key");
    expect(backup.out).not.toContain("NOT encrypted");
    expectSealed(file, personalStrings(before.rows));
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = { DATA_DIR: dir("sealed-target") };
    const withoutKey = await cli(["restore", file], target);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.out).toContain("is encrypted: add --identity KEYFILE");
    const wrongKey = await cli(["restore", file, "--identity", keys.theirs], target);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.out).toContain("cannot open this backup: it was encrypted to other keys. Nothing was changed.");
    expect(existsSync(join(target.DATA_DIR, "pglite"))).toBe(false);

    const restored = await cli(["restore", file, "--identity", keys.ours], target);
    expect(restored.code, restored.out).toBe(0);
    expect(await contents(target)).toEqual(before);
  });

  it("a backup taken by the running server during a burst of submissions holds whole transactions only", async () => {
    const env = {
      DATA_DIR: embeddedDatabase(),
      SMTP_URL: "smtp://127.0.0.1:9",
      NOTIFY_TO: "staff@example.org",
      SUBMISSION_RATE_LIMIT: "10000",
    };
    await makeInboxKeyIn({ dataDir: env.DATA_DIR });
    const server = await spawnServer(env);
    let sent = 0;
    let stop = false;
    const send = async () => {
      while (!stop) {
        const res = await fetch(`${server.url}/api/submit-contact-form`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "Burst Sender",
            email: `burst${sent}@example.org`,
            subject: "Burst",
            message: "During the backup",
            agree_to_terms: true,
          }),
        });
        if (res.status === 201) sent++;
      }
    };
    const senders = Array.from({ length: 6 }, send);
    await new Promise((r) => setTimeout(r, 500));
    const file = dir("burst.tar.gz");
    const backup = await cli(["backup", file], { DATA_DIR: env.DATA_DIR });
    stop = true;
    await Promise.all(senders);
    server.child.kill("SIGTERM");
    await server.exited;
    expect(backup.out).toContain("by the running server");
    expect(backup.code).toBe(0);

    const target = { DATA_DIR: dir("burst-restored") };
    expect((await cli(["restore", file], target)).code).toBe(0);
    const database = await open(target);
    try {
      const rows = (await database.db.execute(
        sql`select (select count(*) from contact_submissions)::int as submissions,
                   (select count(*) from email_outbox)::int as emails,
                   (select count(*) from contact_submissions s where not exists (select 1 from email_outbox e where e.submission_id = s.id))::int as without_email`,
      )) as unknown as { rows: { submissions: number; emails: number; without_email: number }[] };
      const { submissions, emails, without_email } = rows.rows[0]!;
      // Some submissions before the backup, some after it: the copy has a prefix, each with its email.
      expect(submissions).toBeGreaterThan(0);
      expect(submissions).toBeLessThan(sent);
      expect(without_email).toBe(0);
      expect(emails).toBe(submissions);
    } finally {
      await database.close();
    }
  });
});

describe.runIf(hasPostgres)("backup and restore on PostgreSQL", () => {
  for (const [how, path] of [
    ["pg_dump", process.env.PATH ?? ""],
    ["the logical backup (no pg_dump on the PATH)", "/nonexistent"],
  ] as const) {
    it(`round-trips with ${how}, encrypted to BACKUP_RECIPIENTS`, async () => {
      const keys = await keyPairs();
      const source = { DATABASE_URL: await postgresDatabase("migrated") };
      const before = await populate(source);
      expectPopulated(before.rows);
      const file = dir(`postgres-${path.length}.backup.age`);
      const backup = await cli(["backup", file], { ...source, PATH: path, BACKUP_RECIPIENTS: keys.recipient });
      expect(backup.code, backup.out).toBe(0);
      expect(backup.out).toContain(how === "pg_dump" ? "pg_dump (custom format)" : "logical SQL backup written instead");
      expectSealed(file, personalStrings(before.rows));

      const target = { DATABASE_URL: await postgresDatabase("empty") };
      const wrongKey = await cli(["restore", file, "--identity", keys.theirs], target);
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.out).toContain("Nothing was changed.");
      expect(await tablesIn(target.DATABASE_URL)).toBe(0); // not even the schema
      const restored = await cli(["restore", file, "--identity", keys.ours], target);
      expect(restored.code, restored.out).toBe(0);
      expect(await contents(target)).toEqual(before);
      expect(Object.values(before.files)).not.toContain("missing");
      const refused = await cli(["restore", file, "--identity", keys.ours], target);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain("is not empty");
    });
  }
});

describe.runIf(hasPostgres)("moving from the embedded database to PostgreSQL", () => {
  it("copies every row into an empty PostgreSQL, compares the counts, prints the DATABASE_URL, and refuses a database that is not empty", async () => {
    const source = { DATA_DIR: embeddedDatabase() };
    const before = await populate(source);
    const url = await postgresDatabase("empty");
    const moved = await cli(["move", "--to", url], source);
    expect(moved.code, moved.out).toBe(0);
    expect(moved.out).toMatch(/contact_submissions\s+120\s+120/);
    expect(moved.out).toContain(`DATABASE_URL=${url}`);
    // The photographs' bytes left the media folder for their rows in PostgreSQL, every one byte for byte.
    expect(await contents({ DATABASE_URL: url })).toEqual(before);

    const again = await cli(["move", "--to", url], source);
    expect(again.code).toBe(1);
    expect(again.out).toContain("copies only into an empty database");
  });
});
