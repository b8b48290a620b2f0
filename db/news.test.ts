import { beforeAll, expect, it } from "vitest";
import { forEachDatabase } from "../tests/helpers/databases";
import type { NewsSeedItem } from "../app/content/schemas";
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

forEachDatabase("news", (handle) => {
  beforeAll(async () => {
    const seed = [item("a", "2024-01-02", ["yazidis", "kurds"]), item("b", "2025-03-04", ["yazidis"]), item("c", "2023-05-06", ["copts"])];
    await seedNews(handle().db, seed);
    await seedNews(handle().db, seed); // idempotent
  });

  it("reads a community's items newest first, with every field", async () => {
    const yazidi = await newsForCommunity(handle().db, "yazidis");
    expect(yazidi.map((n) => n.id)).toEqual(["b", "a"]); // newest first
    expect(yazidi[0]).toMatchObject({
      title: "Title b",
      source: "Source",
      publishedDate: "2025-03-04",
      originalUrl: "https://example.org/b",
      excerpt: "Excerpt b",
    });
  });

  it("shows a shared item on each of its communities, and nothing where there is none", async () => {
    expect((await newsForCommunity(handle().db, "kurds")).map((n) => n.id)).toEqual(["a"]); // shared item
    expect(await newsForCommunity(handle().db, "sikhs")).toEqual([]);
  });

  it("updates a row and moves its community links when the file changes", async () => {
    await seedNews(handle().db, [{ ...item("a", "2024-01-02", ["copts"]), title: "Corrected title" }]);
    expect((await newsForCommunity(handle().db, "kurds")).map((n) => n.id)).toEqual([]);
    expect((await newsForCommunity(handle().db, "copts")).map((n) => n.title)).toEqual(["Corrected title", "Title c"]);
  });

  it("serves a community's items through the cache (after the move above)", async () => {
    const cache = createNewsCache(handle().db);
    expect((await cache.get("yazidis")).map((n) => n.id)).toEqual(["b"]);
  });
});
