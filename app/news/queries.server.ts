/** News as visitors read it: a community's items, its pages of "All news", the feeds. Published items only. */
import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { contentTranslations, newsItemCommunities, newsItems } from "../../db/schema";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { newsIdOf, newsPath } from "~/content/translation-store.server";

export interface NewsItem {
  id: string;
  title: string;
  excerpt: string;
  source: string;
  publishedDate: string;
  originalUrl: string;
  imageUrl: string | null;
  updatedAt: Date;
  /** The language its title and summary are in: English, or the reader's where a translation is published. */
  language?: string;
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

/**
 * The items with the published translation into `language` of their title and summary, where there is one
 * (a document of its own at `news/<id>`, app/content/translation-store.server.ts), each marked with the
 * language it is now in.
 */
export async function inLanguage<T extends NewsItem>(db: Database, items: T[], language: string): Promise<T[]> {
  if (language === SOURCE_LANGUAGE || items.length === 0) return items.map((item) => ({ ...item, language: SOURCE_LANGUAGE }));
  const rows = await db
    .select({ path: contentTranslations.path, source: contentTranslations.publishedSource })
    .from(contentTranslations)
    .where(
      and(
        eq(contentTranslations.language, language),
        isNotNull(contentTranslations.publishedSource),
        inArray(
          contentTranslations.path,
          items.map((i) => newsPath(i.id)),
        ),
      ),
    );
  const translated = new Map(rows.map((r) => [newsIdOf(r.path), JSON.parse(r.source!) as { values?: Record<string, string> }]));
  return items.map((item) => {
    const words = translated.get(item.id)?.values ?? {};
    if (!words.title && !words.excerpt) return { ...item, language: SOURCE_LANGUAGE };
    return { ...item, title: words.title || item.title, excerpt: words.excerpt || item.excerpt, language };
  });
}
