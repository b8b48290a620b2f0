/**
 * News on community pages and in the feeds. Staff keep it at /admin/news (app/staff/news.server.ts);
 * app/content/news.yaml only seeds items it has never seeded before.
 */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "./client.server";
import type { ContentVersion } from "./content-version.server";
import { newsItemCommunities, newsItems, newsSeeded } from "./schema";
import type { NewsSeedItem } from "../app/content/schemas";

export interface NewsItem {
  id: string;
  title: string;
  excerpt: string;
  source: string;
  publishedDate: string;
  originalUrl: string;
  imageUrl: string | null;
  updatedAt: Date;
}

/** How many items a community page shows (SPEC §3), and how many a page of "All news" and a feed hold. */
export const NEWS_ON_COMMUNITY_PAGE = 3;
export const NEWS_PAGE_SIZE = 20;
export const FEED_SIZE = 50;

/** Arbitrary constant, beside the migrations' own lock key (db/client.server.ts). */
const SEED_LOCK_KEY = 727_002;

/**
 * Adds the seed items whose ids were never seeded, with their communities, and remembers them, in one
 * transaction. An item already seeded is never touched again: staff may have edited or deleted it.
 */
export async function seedNews(db: Database, items: NewsSeedItem[]): Promise<number> {
  if (items.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed one after the other: the second finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const done = new Set(
      (
        await tx
          .select({ id: newsSeeded.id })
          .from(newsSeeded)
          .where(
            inArray(
              newsSeeded.id,
              items.map((i) => i.id),
            ),
          )
      ).map((r) => r.id),
    );
    const fresh = items.filter((item) => !done.has(item.id));
    for (const item of fresh) {
      await tx
        .insert(newsItems)
        .values({
          id: item.id,
          title: item.title,
          excerpt: item.excerpt,
          source: item.source,
          publishedDate: item.publishedDate,
          originalUrl: item.originalUrl,
          imageUrl: item.imageUrl ?? null,
        })
        .onConflictDoNothing();
      await tx
        .insert(newsItemCommunities)
        .values(item.communities.map((communitySlug) => ({ newsItemId: item.id, communitySlug })))
        .onConflictDoNothing();
    }
    if (fresh.length)
      await tx
        .insert(newsSeeded)
        .values(fresh.map((i) => ({ id: i.id })))
        .onConflictDoNothing();
    return fresh.length;
  });
}

const visible = {
  id: newsItems.id,
  title: newsItems.title,
  excerpt: newsItems.excerpt,
  source: newsItems.source,
  publishedDate: newsItems.publishedDate,
  originalUrl: newsItems.originalUrl,
  imageUrl: newsItems.imageUrl,
  updatedAt: newsItems.updatedAt,
};
const published = eq(newsItems.status, "published");

/** A community's published items in visitors' order: pinned first (latest pin on top), then newest first. */
export async function newsForCommunity(db: Database, slug: string, limit = NEWS_ON_COMMUNITY_PAGE, offset = 0): Promise<NewsItem[]> {
  return db
    .select(visible)
    .from(newsItems)
    .innerJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(and(eq(newsItemCommunities.communitySlug, slug), published))
    .orderBy(sql`${newsItemCommunities.pinnedAt} desc nulls last`, desc(newsItems.publishedDate), newsItems.id)
    .limit(limit)
    .offset(offset);
}

export async function countNews(db: Database, slug: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsItems)
    .innerJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(and(eq(newsItemCommunities.communitySlug, slug), published));
  return row?.n ?? 0;
}

/** The latest published items across communities, newest first (the site-wide feed). */
export async function latestNews(db: Database, limit = FEED_SIZE): Promise<NewsItem[]> {
  return db
    .select(visible)
    .from(newsItems)
    .where(published)
    .orderBy(desc(newsItems.publishedDate), desc(newsItems.createdAt), newsItems.id)
    .limit(limit);
}

/** News as visitors see it, read once per content version (db/content-version.server.ts). */
export function createNewsCache(db: Database, version: ContentVersion) {
  const cache = new Map<string, Promise<unknown>>();
  version.onChange(() => cache.clear());
  /** Answers `load()` once per key until the content changes. */
  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key) as Promise<T> | undefined;
    if (hit) return hit;
    const value = load();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
    return value;
  }
  return {
    /** The items a community page shows. */
    get: (slug: string) => cached(`community:${slug}`, () => newsForCommunity(db, slug)),
    cached,
    /** After staff changed the news here: every instance forgets what it showed. */
    changed: () => version.changed(),
  };
}

export type NewsCache = ReturnType<typeof createNewsCache>;
