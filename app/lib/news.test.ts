import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client.server";
import { createTestDatabase, hasPostgres } from "../../tests/helpers/databases";
import type { NewsSeedItem } from "~/content/schemas";
import { createNewsCache, newsForCommunity, seedNews } from "./news.server";

const item = (id: string, date: string, communities: string[]): NewsSeedItem => ({
  id,
  title: `Title ${id}`,
  source: "Source",
  publishedDate: date,
  originalUrl: `https://example.org/${id}`,
  excerpt: `Excerpt ${id}`,
  communities,
});

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function exercise(handle: DatabaseHandle) {
  const { db } = handle;
  const seed = [item("a", "2024-01-02", ["yazidis", "kurds"]), item("b", "2025-03-04", ["yazidis"]), item("c", "2023-05-06", ["copts"])];
  await seedNews(db, seed);
  await seedNews(db, seed); // idempotent

  const yazidi = await newsForCommunity(db, "yazidis");
  expect(yazidi.map((n) => n.id)).toEqual(["b", "a"]); // newest first
  expect(yazidi[0]).toMatchObject({
    title: "Title b",
    source: "Source",
    publishedDate: "2025-03-04",
    originalUrl: "https://example.org/b",
    excerpt: "Excerpt b",
  });
  expect((await newsForCommunity(db, "kurds")).map((n) => n.id)).toEqual(["a"]); // shared item
  expect(await newsForCommunity(db, "sikhs")).toEqual([]);

  // Editing the file updates the row and moves its community links.
  await seedNews(db, [{ ...item("a", "2024-01-02", ["copts"]), title: "Corrected title" }]);
  expect((await newsForCommunity(db, "kurds")).map((n) => n.id)).toEqual([]);
  expect((await newsForCommunity(db, "copts")).map((n) => n.title)).toEqual(["Corrected title", "Title c"]);

  const cache = createNewsCache(db);
  expect((await cache.get("yazidis")).map((n) => n.id)).toEqual(["b"]);
}

describe("news on PGlite", () => {
  it("seeds idempotently and reads a community's items newest first", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    cleanups.push(() => handle.close());
    await exercise(handle);
  });
});

describe.runIf(hasPostgres)("news on PostgreSQL", () => {
  it("seeds idempotently and reads a community's items newest first", async () => {
    const { url, drop } = await createTestDatabase();
    cleanups.push(drop);
    const handle = await openDatabase({ databaseUrl: url });
    cleanups.push(() => handle.close());
    await exercise(handle);
  });
});
