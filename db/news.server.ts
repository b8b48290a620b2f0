/** News on community pages: seeded from app/content/news.yaml, read from the database. */
import { desc, eq } from "drizzle-orm";
import type { Database } from "./client.server";
import { newsItemCommunities, newsItems } from "./schema";
import type { NewsSeedItem } from "../app/content/schemas";

export interface NewsItem {
  id: string;
  title: string;
  excerpt: string;
  source: string;
  publishedDate: string;
  originalUrl: string;
  imageUrl: string | null;
}

/**
 * Inserts or updates the seed items and their community links, in one transaction. Idempotent, and
 * leaves alone any item staff added that is not in the file.
 */
export async function seedNews(db: Database, items: NewsSeedItem[]): Promise<void> {
  if (items.length === 0) return;
  await db.transaction(async (tx) => {
    for (const item of items) {
      const row = {
        id: item.id,
        title: item.title,
        excerpt: item.excerpt,
        source: item.source,
        publishedDate: item.publishedDate,
        originalUrl: item.originalUrl,
        imageUrl: item.imageUrl ?? null,
      };
      const { id: _id, ...fields } = row;
      await tx.insert(newsItems).values(row).onConflictDoUpdate({ target: newsItems.id, set: fields });
      await tx.delete(newsItemCommunities).where(eq(newsItemCommunities.newsItemId, item.id));
      await tx
        .insert(newsItemCommunities)
        .values(item.communities.map((communitySlug, position) => ({ newsItemId: item.id, communitySlug, position })));
    }
  });
}

const MAX_ITEMS = 6;

export async function newsForCommunity(db: Database, slug: string): Promise<NewsItem[]> {
  return db
    .select({
      id: newsItems.id,
      title: newsItems.title,
      excerpt: newsItems.excerpt,
      source: newsItems.source,
      publishedDate: newsItems.publishedDate,
      originalUrl: newsItems.originalUrl,
      imageUrl: newsItems.imageUrl,
    })
    .from(newsItems)
    .innerJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(eq(newsItemCommunities.communitySlug, slug))
    .orderBy(desc(newsItems.publishedDate), newsItems.id)
    .limit(MAX_ITEMS);
}

/** A short-lived cache: community pages are read far more often than news changes. */
export function createNewsCache(db: Database, ttlMs = 60_000) {
  const cache = new Map<string, { at: number; items: Promise<NewsItem[]> }>();
  return {
    get(slug: string): Promise<NewsItem[]> {
      const hit = cache.get(slug);
      if (hit && Date.now() - hit.at < ttlMs) return hit.items;
      const items = newsForCommunity(db, slug);
      cache.set(slug, { at: Date.now(), items });
      items.catch(() => cache.delete(slug));
      return items;
    },
    clear: () => cache.clear(),
  };
}

export type NewsCache = ReturnType<typeof createNewsCache>;
