/**
 * `npm run bench:staff`: the staff area at volume, with the inbox sealed (issue 35). Seeds 10,000 messages and
 * 10,000 volunteer sign-ups (scripts/ops/seed-submissions.ts), sealed to an inbox key granted to one staff
 * account, into a fresh embedded database and a fresh PostgreSQL database (when one answers on 127.0.0.1:5432,
 * or BENCH_POSTGRES_URL), then prints p50 and p99 of:
 * - unlocking: the password opening the account's personal key (Argon2id) and its grant into a keyring, and the
 *   session's copy stored (unlockWithPassword, storeUnlock);
 * - an inbox page of 50, as its loaders run it: the session's keyring read, the page listed and opened, and the
 *   navigation's counts;
 * - a search and a filter on sealed fields, which open every row the clear filters leave (about 9,500: the spam
 *   folder is apart), and the full CSV export, read to its end;
 * - "Find a person" through the blind index: the first lookup indexes every row that arrived while the inbox
 *   was locked (here all 20,000), timed once on its own; then the lookup as it is afterwards;
 * and the time a wrong password takes for a known and for an unknown address; and, on a running server's
 * services with 5,000 news items, what a page save costs (scripts/bench/page-save.ts). The slow measurements
 * take fewer runs (BENCH_SLOW_RUNS, 5); the rest BENCH_RUNS (100).
 */
import { performance } from "node:perf_hooks";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { joinSubmissions, staffSessions, staffUsers } from "../../db/schema";
import { openContents, type Keyring } from "../../app/lib/sealed-submissions.server";
import { audit, SYSTEM } from "../../app/staff/audit.server";
import { readFilter } from "../../app/staff/inbox";
import { INBOXES, type InboxDescription } from "../../app/staff/inbox-forms";
import { exportInbox, listInbox, newCounts } from "../../app/staff/inbox.server";
import { submissionsCsvStream } from "../../app/staff/inbox-csv.server";
import {
  createInboxKey,
  createPersonalKey,
  indexPending,
  readUnlock,
  storeUnlock,
  unlockWithPassword,
} from "../../app/staff/inbox-keys.server";
import { findPerson } from "../../app/staff/people.server";
import type { Services } from "../../server/services";
import { onEachDatabase } from "./on-each-database";
import { measurePageSave } from "./page-save";
import { seedSubmissions } from "../ops/seed-submissions";

const COUNT = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const SLOW_RUNS = Number(process.env.BENCH_SLOW_RUNS ?? 5);
const PASSWORD = "violet anchor tundra lantern";
const IDLE_MINUTES = 30;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(run: () => Promise<unknown>, runs: number, warmup = runs === RUNS ? 5 : 1) {
  for (let i = 0; i < warmup; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

const row = (name: string, runs: number, { p50, p99 }: { p50: number; p99: number }) =>
  console.log(`| ${name} | ${runs} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);

/**
 * What an inbox page's loaders ask for, side by side as the router runs them: the inbox's (the session's keyring,
 * then the page of rows opened with it) and the staff layout's (the navigation's counts).
 */
const inboxPage = (db: Database, session: { id: string; cookie: string }, inbox: InboxDescription, query: string) => async () => {
  const [list] = await Promise.all([
    readUnlock(db, session.id, session.cookie, IDLE_MINUTES).then((keyring) => {
      if (!keyring) throw new Error("the session is not unlocked");
      return listInbox(db, inbox, readFilter(new URLSearchParams(query)), keyring);
    }),
    newCounts(db, Object.values(INBOXES)),
  ]);
  if (list.filterNeedsUnlock || list.rows.some((r) => "locked" in r)) throw new Error("rows were left locked");
  return list;
};

/** The export as the browser gets it: the whole stream read, the audit log's entry written at its end. */
async function exportCsv(db: Database, keyring: Keyring, inbox: InboxDescription) {
  const { page: _page, ...filter } = readFilter(new URLSearchParams());
  let exported = 0;
  const stream = submissionsCsvStream(inbox.form, exportInbox(db, inbox, filter, keyring), async (rows) => {
    exported = rows;
    await audit(db, SYSTEM, { action: "exported", target: inbox.form.table, details: { rows, filter } });
  });
  const reader = stream.getReader();
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return { rows: exported, bytes };
}

async function measure(label: string, { database, app }: Services) {
  const { db } = database;
  // The account: its password (for signing in, below), its personal key, and the inbox key granted to it.
  const { auth, accounts } = app.staff;
  const token = (await accounts.add(SYSTEM, "known@example.org", "staff")).split("/").pop()!;
  await accounts.completePasswordStep(token, PASSWORD);
  const [user] = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "known@example.org"));
  const userId = user!.id;
  const personal = await createPersonalKey(db, userId, PASSWORD);
  await createInboxKey(db, SYSTEM, { userId, publicKey: personal.publicKey });

  const seeding = performance.now();
  await seedSubmissions(db, COUNT);
  console.log(
    `\n${label}: seeded ${COUNT} messages and ${COUNT} volunteers, sealed, in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  console.log(`| ${label} | runs | p50 ms | p99 ms |\n|---|---|---|---|`);

  const sessionId = randomUUID();
  await db.insert(staffSessions).values({ id: sessionId, token: randomUUID(), userId, expiresAt: new Date(Date.now() + 3_600_000) });
  let cookie = "";
  const unlock = async () => {
    const result = await unlockWithPassword(db, userId, PASSWORD, async () => true);
    if (!("keyring" in result)) throw new Error(`unlocking failed: ${result.problem}`);
    cookie = await storeUnlock(db, sessionId, result.keyring);
    return result.keyring;
  };
  row("Unlock: password → keyring (Argon2id), stored for the session", SLOW_RUNS * 2, await time(unlock, SLOW_RUNS * 2));
  const keyring = await unlock();
  const session = { id: sessionId, cookie };

  const pages: [string, InboxDescription, string, number][] = [
    ["Messages, status New, page 1", INBOXES.messages, "status=new", RUNS],
    ["Messages, status Done, page 40", INBOXES.messages, "status=done&page=40", RUNS],
    ["Search messages: a word (q=documentary)", INBOXES.messages, "q=documentary", SLOW_RUNS],
    ["Search messages: part of a name (q=khoury)", INBOXES.messages, "q=khoury", SLOW_RUNS],
    ["Volunteers, interest + country (sealed fields)", INBOXES.volunteers, "interest=Fundraising&country=Iraq", SLOW_RUNS],
  ];
  for (const [name, inbox, query, runs] of pages) row(name, runs, await time(inboxPage(db, session, inbox, query), runs));

  const exported = await exportCsv(db, keyring, INBOXES.messages);
  row(
    `CSV export, all messages (${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB)`,
    SLOW_RUNS,
    await time(() => exportCsv(db, keyring, INBOXES.messages), SLOW_RUNS),
  );

  // Someone who wrote once, found by their address and (the phones are shared by the seed) by a number.
  const [someone] = await db
    .select({
      id: joinSubmissions.id,
      format: joinSubmissions.format,
      keyId: joinSubmissions.keyId,
      sealedKey: joinSubmissions.sealedKey,
      sealed: joinSubmissions.sealed,
    })
    .from(joinSubmissions)
    .orderBy(asc(joinSubmissions.createdAt))
    .limit(1)
    .offset(4321);
  const email = String(openContents("join_submissions", someone!, keyring)!.fields.email);
  const indexing = performance.now();
  const indexed = await indexPending(db, keyring);
  const seconds = (performance.now() - indexing) / 1000;
  console.log(
    `| Blind index of the rows that arrived locked: ${indexed} rows, once (${(seconds * (10_000 / indexed)).toFixed(1)} s per 10,000) | 1 | ${(seconds * 1000).toFixed(0)} | |`,
  );
  const found = await findPerson(db, keyring, email);
  if (found.records.length !== 1) throw new Error(`found ${found.records.length} records for one sign-up`);
  row("Find a person by email (both inboxes, outbox)", RUNS, await time(() => findPerson(db, keyring, email), RUNS));
  row("Find a person by phone (about 7 rows)", RUNS, await time(() => findPerson(db, keyring, "+44 7700 900321"), RUNS));

  // An unknown address must take as long to refuse as a known one: nobody can learn who has an account.
  const attempt = (address: string) => () =>
    auth.api.signInEmail({ body: { email: address, password: "wrong password, long enough" }, asResponse: true });
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 30; i++) {
    for (const [address, into] of [
      ["known@example.org", known],
      [`nobody${i}@example.org`, unknown],
    ] as const) {
      const start = performance.now();
      await attempt(address)();
      into.push(performance.now() - start);
    }
  }
  known.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  row("Wrong password, known address", known.length, { p50: percentile(known, 50), p99: percentile(known, 99) });
  row("Wrong password, unknown address", unknown.length, { p50: percentile(unknown, 50), p99: percentile(unknown, 99) });
}

await onEachDatabase("bench-staff", measure);
// A running server's services: the content served and the search index kept, as a save meets them.
console.log("\n| A page save, as the editor waits for it | p50 ms | p99 ms |\n|---|---|---|");
await onEachDatabase("bench-save", (label, services) => measurePageSave(label, services, RUNS), "server");
