/**
 * The news, one service for the whole server: what visitors read, kept per edition of the content (a news
 * change is a new content version, db/content-version.server.ts), and what staff do, which publishes each
 * change itself.
 */
import type { Database } from "../../db/client.server";
import { isNewer } from "../../db/content-version.server";
import type { Published } from "~/lib/published";
import { newsEditing } from "./editing.server";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { countNews, FEED_SIZE, inLanguage, latestNews, NEWS_PAGE_SIZE, newsForCommunity, type NewsItem } from "./queries.server";

export function createNewsService(db: Database, publish: (newsIds: string[]) => Promise<Published>) {
  /** What was read for the newest edition requests have asked about; older editions' requests read afresh. */
  const kept = { version: "0", reads: new Map<string, Promise<unknown>>() };

  /** The news as one edition of the content shows it, in one language (English where an item is not translated). */
  function reader(version: string, language = SOURCE_LANGUAGE) {
    if (isNewer(version, kept.version)) {
      kept.version = version;
      kept.reads = new Map();
    }
    const reads = version === kept.version ? kept.reads : null;
    /** Answers `load()` once per key and edition; a failed read is not kept. */
    function cached<T>(what: string, load: () => Promise<T>): Promise<T> {
      const key = `${language}:${what}`;
      const hit = reads?.get(key) as Promise<T> | undefined;
      if (hit) return hit;
      const value = load();
      reads?.set(key, value);
      value.catch(() => reads?.delete(key));
      return value;
    }
    return {
      /** The items a community page shows. */
      forCommunity: (slug: string) => cached(`community:${slug}`, async () => inLanguage(db, await newsForCommunity(db, slug), language)),
      /** One page of a community's "All news", or null when there is no such page (so made-up pages are never kept). */
      async page(slug: string, page: number): Promise<{ items: NewsItem[]; page: number; pages: number; total: number } | null> {
        const total = await cached(`count:${slug}`, () => countNews(db, slug));
        const pages = Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE));
        if (page > pages) return null;
        const items = await cached(`page:${slug}:${page}`, async () =>
          inLanguage(db, await newsForCommunity(db, slug, NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE), language),
        );
        return { items, page, pages, total };
      },
      /** A feed's items: one community's, or (null) the latest of every community. */
      feed: (slug: string | null) =>
        cached(`feed:${slug ?? "*"}`, async () =>
          inLanguage(db, await (slug ? newsForCommunity(db, slug, FEED_SIZE) : latestNews(db)), language),
        ),
    };
  }

  return { reader, ...newsEditing(db, publish) };
}

export type NewsService = ReturnType<typeof createNewsService>;
export type NewsReader = ReturnType<NewsService["reader"]>;

/** What the news needs from the request context (app/context.server.ts): the edition's reads, and the staff's edits. */
export interface NewsContext {
  news: NewsReader & Omit<NewsService, "reader">;
}
