/** A news item as the staff form would submit it, validated by the form's own schema. */
import { buildSiteContent } from "../../app/content/collections.server";
import { readContentFiles } from "../../app/content/read-files.server";
import { validate } from "../../app/forms/definitions";
import { newsItemSchema, type NewsInput } from "../../app/news/news";

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
