/**
 * `npm run bench:staff`: the staff area at volume. Seeds 10,000 messages and 10,000 volunteer sign-ups
 * (scripts/ops/seed-submissions.ts) into a fresh embedded database and a fresh PostgreSQL database (when one
 * answers on 127.0.0.1:5432, or BENCH_POSTGRES_URL), then prints p50 and p99 of the database work behind an
 * inbox page (the list, its filter menus and the navigation's counts, as the loaders run them), of a search,
 * and of "Find a person"; the time a wrong password takes for a known and for an unknown address; and, on a
 * running server's services with 5,000 news items, what a page save costs (scripts/bench/page-save.ts).
 */
import { performance } from "node:perf_hooks";
import { asc } from "drizzle-orm";
import type { DatabaseHandle } from "../../db/client.server";
import { joinSubmissions } from "../../db/schema";
import { SYSTEM } from "../../app/staff/audit.server";
import { readFilter } from "../../app/staff/inbox";
import { INBOXES, type InboxDescription } from "../../app/staff/inbox-forms";
import { filterChoices, listInbox, newCounts } from "../../app/staff/inbox.server";
import { findPerson } from "../../app/staff/people.server";
import type { Services } from "../../server/services";
import { onEachDatabase } from "./on-each-database";
import { measurePageSave } from "./page-save";
import { seedSubmissions } from "../ops/seed-submissions";

const COUNT = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const PASSWORD = "violet anchor tundra lantern";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(run: () => Promise<unknown>, runs = RUNS) {
  for (let i = 0; i < 5; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** What the inbox page's loaders ask the database for: the page of rows, the filter menus, the counts. */
const inboxPage = (database: DatabaseHandle, inbox: InboxDescription, query: string) => () =>
  Promise.all([
    listInbox(database.db, inbox, readFilter(new URLSearchParams(query))),
    filterChoices(database.db, inbox),
    newCounts(database.db, Object.values(INBOXES)),
  ]);

async function measure(label: string, { database, app }: Services) {
  const seeding = performance.now();
  await seedSubmissions(database.db, COUNT);
  console.log(`\n${label}: seeded ${COUNT} messages and ${COUNT} volunteers in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const [someone] = await database.db
    .select({ email: joinSubmissions.email })
    .from(joinSubmissions)
    .orderBy(asc(joinSubmissions.createdAt))
    .limit(1)
    .offset(4321);
  const email = someone!.email;
  const scenarios: [string, () => Promise<unknown>][] = [
    ["Messages, status New, page 1", inboxPage(database, INBOXES.messages, "status=new")],
    ["Messages, status Done, page 40", inboxPage(database, INBOXES.messages, "status=done&page=40")],
    ["Volunteers, interest + country", inboxPage(database, INBOXES.volunteers, "interest=Fundraising&country=Iraq")],
    ["Search messages: a word", inboxPage(database, INBOXES.messages, "q=documentary")],
    ["Search messages: part of a name", inboxPage(database, INBOXES.messages, "q=khoury")],
    ["Search volunteers: an address", inboxPage(database, INBOXES.volunteers, `q=${encodeURIComponent(email)}`)],
    ["Find a person (both inboxes, outbox)", () => findPerson(database.db, email)],
  ];
  console.log(`| ${label} (${RUNS} runs each) | p50 ms | p99 ms |\n|---|---|---|`);
  for (const [name, run] of scenarios) {
    const { p50, p99 } = await time(run);
    console.log(`| ${name} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);
  }

  // An unknown address must take as long to refuse as a known one: nobody can learn who has an account.
  const { auth, accounts } = app.staff;
  const token = (await accounts.add(SYSTEM, "known@example.org", "staff")).split("/").pop()!;
  await accounts.completePasswordStep(token, PASSWORD);
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
  console.log(
    `| Wrong password, known address | ${percentile(known, 50).toFixed(1)} | ${percentile(known, 99).toFixed(1)} |\n` +
      `| Wrong password, unknown address | ${percentile(unknown, 50).toFixed(1)} | ${percentile(unknown, 99).toFixed(1)} |`,
  );
}

await onEachDatabase("bench-staff", measure);
// A running server's services: the content served and the search index kept, as a save meets them.
console.log("\n| A page save, as the editor waits for it | p50 ms | p99 ms |\n|---|---|---|");
await onEachDatabase("bench-save", (label, services) => measurePageSave(label, services, RUNS), "server");
