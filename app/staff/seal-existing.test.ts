/**
 * Sealed submissions at rest (issue 35): what `npm run inbox:seal` leaves behind, what a new submission leaves
 * behind, and that nothing the server holds opens a sealed row without a staff password or a recovery key.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import sodium from "sodium-native";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultMigrationsFolder, openDatabase, readMigrationJournal, type Database, type DatabaseHandle } from "../../db/client.server";
import { migrationsUpTo, tablesInDependencyOrder } from "../../db/backup.server";
import { contactSubmissions, inboxKeys, joinSubmissions, staffKeys, staffSessions, staffUsers } from "../../db/schema";
import { createTestDatabase, embeddedDataDir, forEachDatabase, hasPostgres } from "../../tests/helpers/databases";
import { loadConfig } from "../../server/config";
import { contactForm, joinForm } from "~/forms/definitions";
import { INTERESTS, OTHER_INTEREST } from "~/forms/inboxes";
import { storeSubmission } from "~/forms/submissions.server";
import { openContents, type SealedRow } from "~/lib/sealed-submissions.server";
import { decrypt, keyFromPassword, openSealed } from "~/lib/sealing.server";
import { SYSTEM } from "./audit.server";
import { createInboxKey, createPersonalKey, openWithRecoveryKey, storeUnlock, unlockWithPassword } from "./inbox-keys.server";
import { resolveSigningKeys } from "./secret.server";
import { clearColumnsOf, sealExistingSubmissions } from "./seal-existing.server";

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Database, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;

/* ---------- Where a database lives, and what a copy of it holds. ---------- */

interface Place {
  name: string;
  target: { databaseUrl: string } | { dataDir: string };
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  /**
   * Which of `words` a copy of the whole database holds, with where: pg_dump's output (and, when this machine's
   * PostgreSQL keeps its files here, the submission tables' own files); on PGlite every file in DATA_DIR, closed.
   */
  leaked(words: string[]): Promise<string[]>;
  remove(): Promise<void>;
}

const found = (where: string, bytes: Buffer, words: string[]) =>
  words.filter((w) => bytes.includes(Buffer.from(w))).map((w) => `${w} in ${where}`);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

function embeddedPlace(dataDir: string, remove: () => void): Place {
  return {
    name: "PGlite",
    target: { dataDir },
    open: (migrationsFolder) => openDatabase({ dataDir, migrationsFolder }),
    leaked: async (words) => filesUnder(dataDir).flatMap((file) => found(file, readFileSync(file), words)),
    remove: async () => remove(),
  };
}

/** The files of the submission tables and the email queue, with their TOAST tables and indexes, after a checkpoint. */
async function postgresTableFiles(url: string): Promise<string[] | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("checkpoint");
    const dataDirectory = (await client.query("show data_directory")).rows[0].data_directory as string;
    if (!existsSync(dataDirectory)) return null;
    const tables = ["contact_submissions", "join_submissions", "email_outbox"];
    const { rows } = await client.query(
      `select pg_relation_filepath(oid) as path from pg_class where relname = any($1)
       union select pg_relation_filepath(reltoastrelid) from pg_class where relname = any($1) and reltoastrelid <> 0
       union select pg_relation_filepath(indexrelid) from pg_index where indrelid in (select oid from pg_class where relname = any($1))`,
      [tables],
    );
    return rows.map((r: { path: string }) => join(dataDirectory, r.path)).filter((f) => existsSync(f));
  } finally {
    await client.end();
  }
}

function postgresPlace(url: string, drop: () => Promise<void>): Place {
  return {
    name: "PostgreSQL",
    target: { databaseUrl: url },
    open: (migrationsFolder) => openDatabase({ databaseUrl: url, migrationsFolder, poolSize: 2 }),
    leaked: async (words) => {
      const dump = spawnSync("pg_dump", ["--no-owner", "--no-privileges", url], { maxBuffer: 1 << 28 });
      if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr.toString()}`);
      const files = (await postgresTableFiles(url)) ?? [];
      return [...found("pg_dump", dump.stdout, words), ...files.flatMap((f) => found(f, readFileSync(f), words))];
    },
    remove: drop,
  };
}

const places: { name: string; make(contents: "empty" | "migrated"): Promise<Place> }[] = [
  {
    name: "PGlite",
    make: async (contents) => {
      if (contents === "migrated") {
        const { dir, remove } = embeddedDataDir("seal-test-");
        return embeddedPlace(dir, remove);
      }
      const dir = mkdtempSync(join(tmpdir(), "seal-test-"));
      return embeddedPlace(dir, () => rmSync(dir, { recursive: true, force: true }));
    },
  },
  ...(hasPostgres
    ? [
        {
          name: "PostgreSQL",
          make: async (contents: "empty" | "migrated") => {
            const { url, drop } = await createTestDatabase(contents);
            return postgresPlace(url, drop);
          },
        },
      ]
    : []),
];

/* ---------- Rows stored in clear, before sealing (migration 0013). ---------- */

const layla = {
  id: randomUUID(),
  fields: {
    name: "Layla Quimbywether",
    email: "layla.quimbywether@example.net",
    phone: "+44 20 7946 0123",
    organization: "Zanzibarine Collective",
    country: "Iraq",
    community: "Yazidi",
    subject: "Xylophonic village",
    message: "Marmalade persimmon whereabouts",
    agree_to_terms: true as const,
  },
  language: "ar",
  note: "Called back Zephyrine",
};
const omid = {
  id: randomUUID(),
  fields: {
    name: "Omid Peregrinova",
    email: "omid.peregrinova@example.com",
    phone: "0098 21 5550 4477",
    organization: "",
    country: "Iran",
    community: "Baha'i",
    social_media: "@quetzalcoatlus",
    interests: ["Research / Fact-Checking", OTHER_INTEREST] as (typeof INTERESTS)[number][],
    other_description: "Lithographic bookbinding",
    message: "Tamarind harmonium",
    agree_to_terms: true as const,
  },
  language: "fa",
  note: "",
};
const CLEAR_WORDS = [
  "Quimbywether",
  "layla.quimbywether@example.net",
  "7946 0123",
  "Zanzibarine",
  "Xylophonic",
  "Marmalade",
  "persimmon",
  "Zephyrine",
  "Peregrinova",
  "omid.peregrinova@example.com",
  "5550 4477",
  "quetzalcoatlus",
  "Lithographic",
  "Tamarind",
  "harmonium",
];
const FILLERS = 250;

const levelOf = (tag: string) => readMigrationJournal(defaultMigrationsFolder()).entries.find((e) => e.tag === tag)!.when;

/** Layla's message and Omid's sign-up, and enough messages to take several batches, as the site stored them before sealing. */
async function storeInClear(db: Database) {
  const c = layla.fields;
  await db.execute(sql`insert into contact_submissions
    (id, name, email, phone, organization, country, community, subject, message, agree_to_terms, language, note)
    values (${layla.id}, ${c.name}, ${c.email}, ${c.phone}, ${c.organization}, ${c.country}, ${c.community}, ${c.subject},
            ${c.message}, true, ${layla.language}, ${layla.note})`);
  await db.execute(sql`insert into contact_submissions (name, email, subject, message, agree_to_terms)
    select 'Filler ' || n, 'filler' || n || '@example.org', 'Subject ' || n, 'Message ' || n, true from generate_series(1, ${FILLERS}) n`);
  const j = omid.fields;
  await db.execute(sql`insert into join_submissions
    (id, name, email, phone, organization, country, community, social_media, interests, other_description, message, agree_to_terms, language, note)
    values (${omid.id}, ${j.name}, ${j.email}, ${j.phone}, ${j.organization}, ${j.country}, ${j.community}, ${j.social_media},
            string_to_array(${j.interests.join("|")}, '|'), ${j.other_description}, ${j.message}, true, ${omid.language}, ${omid.note})`);
}

/** What each row must open to. */
function expectedContents(table: string, row: { id: string }, opened: { fields: Record<string, unknown> } | null) {
  if (row.id === layla.id) return { fields: layla.fields, language: layla.language, note: layla.note };
  if (row.id === omid.id) return { fields: omid.fields, language: omid.language, note: omid.note };
  const n = /^Filler (\d+)$/.exec(String(opened?.fields.name))?.[1] ?? "?";
  expect(table).toBe("contact_submissions");
  return {
    fields: {
      name: `Filler ${n}`,
      email: `filler${n}@example.org`,
      phone: "",
      organization: "",
      country: "",
      community: "",
      subject: `Subject ${n}`,
      message: `Message ${n}`,
      agree_to_terms: true,
    },
    language: "en",
    note: "",
  };
}

const columnsOf = async (db: Database, table: string) =>
  (
    await rowsOf<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`,
    )
  ).map((c) => c.name);

for (const { name, make } of places) {
  describe(`npm run inbox:seal on ${name}`, () => {
    let place: Place;
    beforeAll(async () => {
      place = await make("empty");
    });
    afterAll(async () => {
      await place?.remove();
    });

    it("seals every row stored before sealing to exactly its old values, drops the clear columns, and leaves no clear copy; a second run has nothing to do", async () => {
      // A site on migration 0013, with submissions in clear.
      const before = migrationsUpTo(defaultMigrationsFolder(), levelOf("0013_submission_language"));
      try {
        const old = await place.open(before.folder);
        await storeInClear(old.db);
        await old.close();
      } finally {
        before.remove();
      }
      // The upgrade: migration 0014 keeps the clear columns of tables with rows; an administrator makes the key.
      const upgraded = await place.open();
      let recoveryKeys: string[];
      try {
        expect(await columnsOf(upgraded.db, "join_submissions")).toEqual(expect.arrayContaining(clearColumnsOf(joinForm)));
        expect(await rowsOf(upgraded.db, sql`select distinct format from contact_submissions`)).toEqual([{ format: 0 }]);
        await expect(sealExistingSubmissions(place.target)).rejects.toThrow(/npm run staff -- inbox-key/);
        ({ recoveryKeys } = await createInboxKey(upgraded.db, SYSTEM));
      } finally {
        await upgraded.close();
      }
      // The check below finds what is there: before sealing, every word is.
      expect((await place.leaked(CLEAR_WORDS)).map((l) => l.split(" in ")[0])).toEqual(expect.arrayContaining(CLEAR_WORDS));

      expect(await sealExistingSubmissions(place.target)).toEqual({
        done: true,
        counts: { contact_submissions: FILLERS + 1, join_submissions: 1 },
      });

      const sealed = await place.open();
      try {
        for (const [table, t, form] of [
          ["contact_submissions", contactSubmissions, contactForm],
          ["join_submissions", joinSubmissions, joinForm],
        ] as const) {
          const columns = await columnsOf(sealed.db, table);
          for (const clear of clearColumnsOf(form)) expect(columns).not.toContain(clear);
          const rows = (await sealed.db.select().from(t)) as SealedRow[];
          expect(rows).toHaveLength(table === "contact_submissions" ? FILLERS + 1 : 1);
          for (const recovery of recoveryKeys) {
            const keyring = (await openWithRecoveryKey(sealed.db, recovery))!;
            for (const row of rows) {
              expect(row.format).toBe(1);
              const opened = openContents(table, row, keyring);
              expect(opened).toEqual(expectedContents(table, row, opened));
            }
          }
        }
        const logged = await rowsOf<{ details: unknown }>(sealed.db, sql`select details from audit_log where action = 'inbox-sealed'`);
        expect(logged).toEqual([{ details: { counts: { contact_submissions: FILLERS + 1, join_submissions: 1 } } }]);
      } finally {
        await sealed.close();
      }
      expect(await place.leaked(CLEAR_WORDS)).toEqual([]);

      expect(await sealExistingSubmissions(place.target)).toEqual({ done: false });
    }, 180_000);
  });

  describe(`a submission on each form, on ${name}`, () => {
    let place: Place;
    beforeAll(async () => {
      place = await make("migrated");
    });
    afterAll(async () => {
      await place?.remove();
    });

    it("leaves none of what was sent in a copy of the whole database or, on PGlite, in its files", async () => {
      const database = await place.open();
      try {
        const { db } = database;
        await createInboxKey(db, SYSTEM);
        const options = {
          spam: false,
          clientHash: null,
          idempotencyKey: null,
          notify: { includeDetails: false, siteUrl: "https://example.org" },
        };
        await storeSubmission(db, contactForm, layla.fields, { ...options, language: "ar" });
        await storeSubmission(db, joinForm, omid.fields, { ...options, language: "fa" });
        expect(
          await rowsOf(db, sql`select (select count(*)::int from contact_submissions) + (select count(*)::int from join_submissions) as n`),
        ).toEqual([{ n: 2 }]);
        expect(await rowsOf(db, sql`select count(*)::int as n from email_outbox`)).toEqual([{ n: 2 }]);
      } finally {
        await database.close();
      }
      expect(await place.leaked(CLEAR_WORDS.filter((w) => w !== "Zephyrine"))).toEqual([]);
    });
  });
}

/* ---------- Without a password or a recovery key, nothing decrypts. ---------- */

/** Every string a row holds, nested values (JSON, arrays) included. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsIn(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => stringsIn(v, out));
  return out;
}

/** The byte strings a stored text can stand for: itself, and its hex or base64 decoding (a bytea is "\x…" in JSON). */
function bytesOf(text: string): Buffer[] {
  const out = [Buffer.from(text)];
  if (/^\\x([0-9a-f]{2})*$/i.test(text)) out.push(Buffer.from(text.slice(2), "hex"));
  const hex = text.replace(/-/g, "");
  if (/^([0-9a-f]{2})+$/i.test(hex)) out.push(Buffer.from(hex, "hex"));
  if (/^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(text)) out.push(Buffer.from(text, "base64"));
  return out;
}

/** Every 32 bytes of `bytes` (at every eighth byte) as a key, and for a secret of the environment, its hashes too. */
function keysFrom(bytes: Buffer, hashed: boolean): Buffer[] {
  const keys: Buffer[] = [];
  for (let at = 0; at + 32 <= bytes.length; at += 8) keys.push(bytes.subarray(at, at + 32));
  if (bytes.length < 32) keys.push(Buffer.concat([bytes, Buffer.alloc(32 - bytes.length)]));
  if (hashed) {
    keys.push(createHash("sha256").update(bytes).digest());
    const blake = Buffer.alloc(32);
    sodium.crypto_generichash(blake, bytes);
    keys.push(blake);
  }
  return keys;
}

/*
 * What this proves: a thief who has the database (every value in every table, read as text or bytes), the disk
 * and the server's environment (its configuration secrets), but no staff password and no recovery key, finds
 * no key among them that opens anything: not a row's data key (sealed_key, as an X25519 private key), not a
 * row's contents (sealed, as the symmetric key), not a staff member's password slot, not a session's unlocked
 * keys, and not the recovery grants (each value tried as a recovery key). It catches the mistakes that would
 * make the promise false: a private or data key stored in clear, wrapped under a key the server keeps, or
 * derived from a secret of the environment. It does not prove the cryptography sound; libsodium is trusted for
 * that. The positive controls show each attempt would succeed with the right key.
 */
forEachDatabase("what the server holds, without a password or a recovery key", (handle) => {
  it("opens no sealed row, password slot, session unlock or recovery grant", async () => {
    const { db } = handle();
    const password = "correct horse battery staple";
    const userId = randomUUID();
    await db.insert(staffUsers).values({ id: userId, email: "admin@example.org", name: "Admin", role: "admin" });
    const personal = await createPersonalKey(db, userId, password);
    const { recoveryKeys } = await createInboxKey(db, SYSTEM, { userId, publicKey: personal.publicKey });
    const config = loadConfig({
      SESSION_SECRET: randomBytes(32).toString("hex"),
      METRICS_TOKEN: randomBytes(24).toString("base64url"),
      DATABASE_URL: `postgres://site:${randomBytes(16).toString("hex")}@db.example.org/site`,
      SMTP_URL: `smtp://mail:${randomBytes(16).toString("base64url")}@smtp.example.org:587`,
    });
    // The secret a server generates for itself when SESSION_SECRET is unset is in the database.
    await resolveSigningKeys(db, {});
    const options = { spam: false, clientHash: "0123456789abcdef0123456789abcdef", idempotencyKey: randomUUID(), notify: null };
    await storeSubmission(db, contactForm, layla.fields, options);
    await storeSubmission(db, joinForm, omid.fields, { ...options, idempotencyKey: randomUUID() });
    // A staff member unlocked now: the session's copy of the keys is in the database, its cookie only in their browser.
    const unlocked = await unlockWithPassword(db, userId, password, async () => true);
    if (!("keyring" in unlocked)) throw new Error("not unlocked");
    const sessionId = randomUUID();
    await db.insert(staffSessions).values({ id: sessionId, token: randomUUID(), userId, expiresAt: new Date(Date.now() + 3_600_000) });
    const cookie = await storeUnlock(db, sessionId, unlocked.keyring);

    // Everything the thief has.
    const held: { text: string; secret: boolean }[] = [];
    for (const table of await tablesInDependencyOrder(db)) {
      for (const { row } of await rowsOf<{ row: unknown }>(db, sql.raw(`select row_to_json(t) as row from "${table}" t`))) {
        for (const text of stringsIn(row)) held.push({ text, secret: false });
      }
    }
    for (const value of stringsIn(config)) held.push({ text: value, secret: true });
    const candidates = new Map<string, Buffer>();
    for (const { text, secret } of held) {
      for (const bytes of bytesOf(text)) for (const key of keysFrom(bytes, secret)) candidates.set(key.toString("hex"), Buffer.from(key));
    }

    const [inboxKey] = await db.select().from(inboxKeys);
    const [slot] = await db.select().from(staffKeys);
    const rows = [
      ...((await db.select().from(contactSubmissions)) as SealedRow[]).map((row) => ({ table: "contact_submissions", row })),
      ...((await db.select().from(joinSubmissions)) as SealedRow[]).map((row) => ({ table: "join_submissions", row })),
    ];
    const [unlock] = await rowsOf<{ sealed: string }>(db, sql`select encode(sealed_keys, 'hex') as sealed from inbox_unlocks`);
    const sealedKeys = Buffer.from(unlock!.sealed, "hex");
    // The contexts each ciphertext is bound to (app/lib/sealed-submissions.server.ts, app/staff/inbox-keys.server.ts).
    const attempts = (key: Buffer) => [
      ...rows.flatMap(({ table, row }) => [
        openSealed({ publicKey: inboxKey!.publicKey, privateKey: key }, row.sealedKey!),
        decrypt(key, row.sealed!, `${table}:${row.id}:v1`),
      ]),
      decrypt(key, slot!.wrappedPrivateKey, `staff_keys:${userId}`),
      decrypt(key, sealedKeys, `inbox_unlocks:${sessionId}`),
    ];

    // Positive controls: the right keys open each of them, so a failure below is not the harness's.
    const keyring = (await openWithRecoveryKey(db, recoveryKeys[0]!))!;
    const inboxPair = keyring.keys.get(inboxKey!.id)!;
    for (const { table, row } of rows) {
      expect(openContents(table, row, keyring)).not.toBeNull();
      const dataKey = openSealed(inboxPair, row.sealedKey!)!;
      expect(attempts(inboxPair.privateKey)).toContainEqual(dataKey);
      expect(decrypt(dataKey, row.sealed!, `${table}:${row.id}:v1`)).not.toBeNull();
    }
    const wrapping = await keyFromPassword(password, slot!.salt, { opsLimit: slot!.opsLimit, memLimit: slot!.memLimit });
    expect(attempts(wrapping).filter(Boolean)).toHaveLength(1);
    expect(attempts(Buffer.from(cookie, "base64url")).filter(Boolean)).toHaveLength(1);

    expect(candidates.size).toBeGreaterThan(100);
    const opened: string[] = [];
    for (const [hex, key] of candidates) {
      if (attempts(key).some((result) => result !== null)) opened.push(hex);
      if (await openWithRecoveryKey(db, hex)) opened.push(`${hex} as a recovery key`);
    }
    expect(opened).toEqual([]);
  }, 60_000);
});
