/** News as visitors read it: a community's items, its pages of "All news", the feeds. Published items only. */
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsItemCommunities, newsItems } from "../../db/schema";

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

/** How many items a community page shows, and how many a page of "All news" and a feed hold (docs/product.md, "Community news and feeds"). */
const NEWS_ON_COMMUNITY_PAGE = 3;
export const NEWS_PAGE_SIZE = 20;
export const FEED_SIZE = 50;

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

/** Every published item with the communities it is about (site search's index); of `ids` only, when given. */
export async function publishedNewsWithCommunities(db: Database, ids?: string[]): Promise<(NewsItem & { communities: string[] })[]> {
  if (ids && !ids.length) return [];
  return db
    .select({
      ...visible,
      communities: sql<
        string[]
      >`coalesce(array_agg(${newsItemCommunities.communitySlug} order by ${newsItemCommunities.communitySlug}) filter (where ${newsItemCommunities.communitySlug} is not null), '{}')`,
    })
    .from(newsItems)
    .leftJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(ids ? and(published, inArray(newsItems.id, ids)) : published)
    .groupBy(newsItems.id)
    .orderBy(newsItems.id);
}
