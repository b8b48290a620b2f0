import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { contactSubmissions, emailOutbox, joinSubmissions } from "../../db/schema";
import { createTestDatabase, hasPostgres } from "../../tests/helpers/databases";
import { contactSchema, joinSchema, validate } from "./schemas";
import { storeContact, storeJoin } from "./submissions.server";

const HOSTILE = [
  `Robert'); DROP TABLE contact_submissions;--`,
  `<script>alert("x")</script><img src=x onerror=alert(1)>`,
  "سلام — שלום — ܫܠܡܐ ‮reversed‬ 🕊️🇮🇶 \u0000",
].map((s) => s.replace("\u0000", ""));

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const parse = <S extends typeof contactSchema | typeof joinSchema>(schema: S, input: unknown) => {
  const r = validate(schema, input);
  if (!r.success) throw new Error(JSON.stringify(r.fieldErrors));
  return r.data;
};

async function exercise(handle: DatabaseHandle) {
  const { db } = handle;
  const base = { spam: false, clientHash: "abc123", idempotencyKey: null, notify: true };

  // Hostile text is stored exactly as typed (after trimming).
  for (const text of HOSTILE) {
    const c = parse(contactSchema, { name: text.slice(0, 50), email: "a@example.org", subject: text, message: text, agree_to_terms: true });
    const { id } = await storeContact(db, c, base);
    const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
    expect(row).toMatchObject({
      subject: text.trim(),
      message: text.trim(),
      name: text.slice(0, 50).trim(),
      spam: false,
      status: "new",
      clientHash: "abc123",
    });
  }

  // One notification per accepted submission, in the outbox, to staff, never to the visitor.
  const outbox = await db.select().from(emailOutbox);
  expect(outbox).toHaveLength(HOSTILE.length);
  expect(outbox.every((m) => m.replyTo === "a@example.org" && m.sentAt === null)).toBe(true);

  // The same key twice (a double click, a resend) stores one row and queues one email.
  const j = parse(joinSchema, {
    name: "Sam",
    email: "sam@example.org",
    interests: ["Fundraising", "Fundraising", "Other (please describe below)"],
    other_description: "Translation",
    agree_to_terms: true,
  });
  const first = await storeJoin(db, j, { ...base, idempotencyKey: "key-123456" });
  const again = await storeJoin(db, j, { ...base, idempotencyKey: "key-123456" });
  expect(again).toEqual({ id: first.id, duplicate: true });
  const joins = await db.select().from(joinSubmissions);
  expect(joins).toHaveLength(1);
  expect(joins[0]!.interests).toEqual(["Fundraising", "Other (please describe below)"]);
  expect((await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "join"))).length).toBe(1);

  // Concurrent duplicates still make one row.
  const results = await Promise.all([1, 2, 3].map(() => storeJoin(db, j, { ...base, idempotencyKey: "key-concurrent" })));
  expect(new Set(results.map((r) => r.id)).size).toBe(1);

  // Spam is stored, flagged, and sends nothing.
  const spam = await storeContact(
    db,
    parse(contactSchema, { name: "Bot", email: "b@example.org", subject: "x", message: "y", agree_to_terms: true }),
    { ...base, spam: true },
  );
  const [spamRow] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, spam.id));
  expect(spamRow!.spam).toBe(true);
  expect((await db.select().from(emailOutbox).where(eq(emailOutbox.submissionId, spam.id))).length).toBe(0);
}

describe("storing submissions on PGlite", () => {
  it("stores verbatim, once per key, flags spam, queues mail in the same transaction", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    cleanups.push(() => handle.close());
    await exercise(handle);
  });
});

describe.runIf(hasPostgres)("storing submissions on PostgreSQL", () => {
  it("stores verbatim, once per key, flags spam, queues mail in the same transaction", async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const handle = await openDatabase({ databaseUrl: url });
    cleanups.push(() => handle.close());
    await exercise(handle);
  });
});
