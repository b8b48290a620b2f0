import { isNotNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { contactForm } from "../app/forms/definitions";
import { storeSubmission } from "../app/forms/submissions.server";
import { createTestDatabase, hasPostgres, openEmbeddedDatabase } from "../tests/helpers/databases";
import { freePort, startSmtpServer } from "../tests/helpers/smtp";
import { inboxKeyOf } from "../tests/helpers/inbox-key";
import { createLogger } from "./logger";
import { backoffSeconds, startOutboxWorker } from "./outbox";

const logger = createLogger("silent");
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const submission = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.org`,
  phone: "",
  organization: "",
  country: "",
  community: "",
  subject: `Subject ${n}`,
  message: `Message ${n}`,
  agree_to_terms: true as const,
});

async function queue(handle: DatabaseHandle, count: number) {
  await inboxKeyOf(handle.db);
  for (let n = 0; n < count; n++)
    await storeSubmission(handle.db, contactForm, submission(n), {
      spam: false,
      clientHash: null,
      idempotencyKey: null,
      notify: { includeDetails: true, siteUrl: "https://site.example" },
    });
}

/** A database in memory with `queued` emails waiting, and a worker sending them to staff through `smtpUrl`. */
async function outboxWith(queued: number, smtpUrl: string, options: { backoff?: (attempts: number) => number } = {}) {
  const handle = await openEmbeddedDatabase();
  cleanups.push(() => handle.close());
  await queue(handle, queued);
  const worker = startOutboxWorker({
    db: handle.db,
    smtpUrl,
    from: "Site <site@example.org>",
    to: "staff@example.org",
    logger,
    intervalMs: 60_000,
    ...options,
  });
  return { handle, worker };
}

it("backs off exponentially up to an hour", () => {
  expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([30, 60, 120, 240]);
  expect(backoffSeconds(20)).toBe(3600);
});

describe("the outbox worker (PGlite)", () => {
  it("sends each queued email to staff through SMTP, once", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { handle, worker } = await outboxWith(3, smtp.url);
    cleanups.push(() => worker.stop());
    await worker.runOnce();
    await worker.runOnce();
    expect(smtp.mails).toHaveLength(3);
    for (const mail of smtp.mails) {
      expect(mail.to).toEqual(["staff@example.org"]);
      expect(mail.raw).toMatch(/Reply-To: visitor\d@example\.org/);
    }
    expect(smtp.mails.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]).sort()).toEqual([
      "New contact message: Subject 0",
      "New contact message: Subject 1",
      "New contact message: Subject 2",
    ]);
    expect(await handle.db.select().from(emailOutbox).where(isNotNull(emailOutbox.sentAt))).toHaveLength(3);
  });

  it("keeps no copy of what it sent: no row holds the sender's address, name or message afterwards", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { handle, worker } = await outboxWith(2, smtp.url);
    cleanups.push(() => worker.stop());
    const before = JSON.stringify(await handle.db.select().from(emailOutbox));
    expect(before).toContain("visitor1@example.org"); // the row did hold them while waiting
    expect(before).toContain("Message 1");
    await worker.runOnce();
    expect(smtp.mails).toHaveLength(2);
    expect(smtp.mails[0]!.raw).toContain("Message"); // the details went out, as NOTIFY_INCLUDE_DETAILS asks
    const rows = await handle.db.select().from(emailOutbox);
    const after = JSON.stringify(rows);
    for (const kept of ["visitor0@example.org", "visitor1@example.org", "Visitor 1", "Message 0", "Message 1", "Subject 1"]) {
      expect(after).not.toContain(kept);
    }
    // What operations still need: which kind, which submission, when, how many attempts.
    for (const row of rows) {
      expect(row).toMatchObject({ kind: "contact", subject: null, body: null, replyTo: null, attempts: 1 });
      expect(row.submissionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.sentAt).toBeInstanceOf(Date);
    }
  });

  it("stops after the batch in hand, leaving the rest of a backlog for the next instance", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { handle, worker } = await outboxWith(45, smtp.url);
    await worker.stop(); // SIGTERM while the first round is under way
    expect(smtp.mails.length).toBeGreaterThan(0);
    expect(smtp.mails.length).toBeLessThanOrEqual(10);
    const waiting = (await handle.db.select().from(emailOutbox)).filter((r) => r.sentAt === null);
    expect(waiting.length).toBe(45 - smtp.mails.length);
    expect(waiting.every((r) => r.lockedUntil === null)).toBe(true); // nothing left claimed: another instance may send it at once
  });

  it("keeps mail through an SMTP outage and sends it, once, when SMTP is back", async () => {
    const port = await freePort();
    const { handle, worker } = await outboxWith(2, `smtp://127.0.0.1:${port}`, { backoff: () => 0 });
    cleanups.push(() => worker.stop());
    expect(await worker.runOnce()).toBe(0);
    const failed = await handle.db.select().from(emailOutbox);
    expect(failed.every((r) => r.sentAt === null && r.attempts >= 1 && r.lastError)).toBe(true);
    // Not yet sent: the content stays, or the retry would have nothing to send.
    expect(failed.every((r) => r.body?.includes("Message") && r.replyTo?.endsWith("@example.org"))).toBe(true);

    const smtp = await startSmtpServer(port);
    cleanups.push(smtp.close);
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    expect(smtp.mails).toHaveLength(2);
    expect((await handle.db.select().from(emailOutbox)).every((r) => r.body === null && r.replyTo === null)).toBe(true);
  });
});

describe.runIf(hasPostgres)("the outbox worker (PostgreSQL, several instances)", () => {
  it("sends each email exactly once when three workers share the queue", async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { url, drop } = await createTestDatabase("migrated");
    cleanups.push(drop);
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 3 })));
    for (const h of handles) cleanups.push(() => h.close());
    await queue(handles[0]!, 25);
    const workers = handles.map((h) =>
      startOutboxWorker({ db: h.db, smtpUrl: smtp.url, from: "site@example.org", to: "staff@example.org", logger, intervalMs: 60_000 }),
    );
    for (const w of workers) cleanups.push(() => w.stop());
    await Promise.all(workers.map((w) => w.runOnce()));
    await Promise.all(workers.map((w) => w.runOnce()));
    expect(smtp.mails).toHaveLength(25);
    const subjects = smtp.mails.map((m) => /Subject: (.*)/.exec(m.raw)?.[1]);
    expect(new Set(subjects).size).toBe(25);
  });
});
