/**
 * The news, one service for the whole server: what visitors read, kept until the content changes (on any
 * instance: db/content-version.server.ts), and what staff do, which announces each change itself.
 */
import type { Database } from "../../db/client.server";
import type { ContentVersion } from "../../db/content-version.server";
import { newsEditing } from "./editing.server";
import { countNews, FEED_SIZE, latestNews, NEWS_PAGE_SIZE, newsForCommunity, type NewsItem } from "./queries.server";

export function createNewsService(db: Database, version: Pick<ContentVersion, "onChange" | "changed">) {
  const kept = new Map<string, Promise<unknown>>();
  version.onChange(() => kept.clear());
  /** Answers `load()` once per key until the content changes; a failed read is not kept. */
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = kept.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const value = load();
    kept.set(key, value);
    value.catch(() => kept.delete(key));
    return value;
  }

  return {
    /** The items a community page shows. */
    forCommunity: (slug: string) => cached(`community:${slug}`, () => newsForCommunity(db, slug)),
    /** One page of a community's "All news", or null when there is no such page (so made-up pages are never kept). */
    async page(slug: string, page: number): Promise<{ items: NewsItem[]; page: number; pages: number; total: number } | null> {
      const total = await cached(`count:${slug}`, () => countNews(db, slug));
      const pages = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
      if (page > pages) return null;
      const items = await cached(`page:${slug}:${page}`, () => newsForCommunity(db, slug, NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE));
      return { items, page, pages, total };
    },
    /** A feed's items: one community's, or (null) the latest of every community. */
    feed: (slug: string | null) => cached(`feed:${slug ?? "*"}`, () => (slug ? newsForCommunity(db, slug, FEED_SIZE) : latestNews(db))),
    ...newsEditing(db, () => version.changed()),
  };
}

export type NewsService = ReturnType<typeof createNewsService>;

/** What the news needs from the request context (app/context.server.ts). */
export interface NewsContext {
  news: NewsService;
}
