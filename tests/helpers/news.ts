/** News for tests: an item as the staff form would submit it, and the news service on a test database. */
import type { Database } from "../../db/client.server";
import { buildSiteContent } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { validate } from "../../app/lib/validation";
import { newsItemSchema, type NewsInput } from "../../app/news/news";
import { createNewsService } from "../../app/news/service.server";

const slugs = buildSiteContent(readContentFiles(`${__dirname}/../../app/content`)).communities.map((c) => c.slug);

export function newsInput(fields: Record<string, unknown>): NewsInput {
  const parsed = validate(newsItemSchema(slugs, "2100-01-01"), {
    excerpt: "Written by a test.",
    source: "Test wire",
    publishedDate: "2026-11-01",
    originalUrl: "https://news.example/test",
    status: "published",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
}

/**
 * The news service as another instance would use it: each change moves the content version, which every
 * server on the database polls; nothing is published in this process.
 */
export const newsServiceOn = (db: Database) => createNewsService(db, async () => ({ live: true }));
