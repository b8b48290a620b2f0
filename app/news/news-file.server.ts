/**
 * The news as news.yaml holds it, for `npm run content:export`: every published item, with its communities.
 * The file has no place for drafts or pins, so an export leaves drafts out and forgets pins. An install whose
 * news is still the seed's writes the seed file itself, byte for byte.
 */
import { asc, eq } from "drizzle-orm";
import { stringify } from "yaml";
import type { Database } from "../../db/client.server";
import { newsItemCommunities, newsItems } from "../../db/schema";
import { parseYamlFile } from "../content/parse";
import { newsSchema, type NewsSeedItem } from "../content/schemas";

async function publishedItems(db: Database): Promise<NewsSeedItem[]> {
  const rows = await db
    .select({
      id: newsItems.id,
      title: newsItems.title,
      source: newsItems.source,
      publishedDate: newsItems.publishedDate,
      originalUrl: newsItems.originalUrl,
      imageUrl: newsItems.imageUrl,
      excerpt: newsItems.excerpt,
      community: newsItemCommunities.communitySlug,
    })
    .from(newsItems)
    .innerJoin(newsItemCommunities, eq(newsItemCommunities.newsItemId, newsItems.id))
    .where(eq(newsItems.status, "published"))
    .orderBy(asc(newsItems.publishedDate), asc(newsItems.id), asc(newsItemCommunities.communitySlug));
  const items = new Map<string, NewsSeedItem>();
  for (const { community, imageUrl, ...item } of rows) {
    const kept = items.get(item.id) ?? { ...item, ...(imageUrl ? { imageUrl } : {}), communities: [] };
    kept.communities.push(community);
    items.set(item.id, kept);
  }
  return [...items.values()];
}

/** Items compared whatever their order and the order of their communities. */
const comparable = (items: NewsSeedItem[]) =>
  JSON.stringify(
    items
      .map((item) => ({ ...item, communities: [...item.communities].sort() }))
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((item) => Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))),
  );

export async function newsFile(db: Database, seedFile: string | undefined): Promise<string> {
  const items = await publishedItems(db);
  if (seedFile !== undefined && comparable(items) === comparable(parseYamlFile("news.yaml", seedFile, newsSchema).items)) return seedFile;
  return `# The news as staff kept it, exported by npm run content:export (published items only).\n${stringify({ items })}`;
}
