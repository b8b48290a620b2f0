import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, forEachDatabase, hasPostgres } from "../tests/helpers/databases";
import { defaultMigrationsFolder, openDatabase, type DatabaseHandle } from "./client.server";
import { newsItemCommunities, newsItems } from "./schema";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function exercise(handle: DatabaseHandle) {
  await handle.ping();
  const { db } = handle;
  await db.insert(newsItems).values({
    id: "test-item",
    title: "A title with 'quotes' and ; drop table news_items; --",
    excerpt: "Ezidî — ئێزیدی — 🕊️",
    source: "Test",
    publishedDate: "2024-08-03",
    originalUrl: "https://example.org/item",
  });
  await db.insert(newsItemCommunities).values([
    { newsItemId: "test-item", communitySlug: "yazidis" },
    { newsItemId: "test-item", communitySlug: "kurds" },
  ]);
  const rows = await db
    .select({ title: newsItems.title, excerpt: newsItems.excerpt, date: newsItems.publishedDate })
    .from(newsItems)
    .innerJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(eq(newsItemCommunities.communitySlug, "kurds"));
  expect(rows).toEqual([
    { title: "A title with 'quotes' and ; drop table news_items; --", excerpt: "Ezidî — ئێزیدی — 🕊️", date: "2024-08-03" },
  ]);
  const tables = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`);
  const names = (tables as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
  expect(names).toEqual(expect.arrayContaining(["news_item_communities", "news_items"]));
}

forEachDatabase("the database", (handle) => {
  it("applies the migrations, stores and reads rows", async () => {
    await exercise(handle());
  });
});

describe("the embedded database (PGlite)", () => {
  it("keeps its data in DATA_DIR across restarts, migrating only once", async () => {
    const dir = mkdtempSync(join(tmpdir(), "site-db-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const first = await openDatabase({ dataDir: dir });
    await exercise(first);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(newsItems);
    expect(rows.map((r) => r.id)).toEqual(["test-item"]);
    await second.close();
  });
});

describe.runIf(hasPostgres)("PostgreSQL (DATABASE_URL)", () => {
  it("lets several instances start at once without running a migration twice", async () => {
    const { url, drop } = await createTestDatabase("empty");
    cleanups.push(drop);
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 2 })));
    for (const h of handles) cleanups.push(() => h.close());
    const applied = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(readFileSync(join(defaultMigrationsFolder(), "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    expect((applied as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(journal.entries.length);
  });
});
