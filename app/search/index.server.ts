/**
 * Keeps the search index in step with what visitors can read. It runs at start and after every change of
 * the content version (a staff save, a news edit), on every instance; an advisory lock and a fingerprint per
 * document make the instances that come second find nothing left to do. A staff save awaits it
 * (db/content-version.server.ts runs the listeners before `changed()` resolves), so an edit is searchable
 * by the time the editor sees the saved page.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { searchDocuments, searchWords } from "../../db/schema";
import { fold } from "./query";
import type { SearchDocument } from "./documents.server";

/**
 * Each language's text-search configuration. English ignores diacritics (db/migrations/0006_search.sql);
 * Arabic has PostgreSQL's built-in `arabic`; Persian will want one over a normalising function (Arabic and
 * Persian forms of ی and ک, the zero-width non-joiner) before its stemmer. A language without one here is
 * searched word for word (`simple`).
 */
const TEXT_SEARCH_CONFIGS: Record<string, string> = { en: "site_english" };

export const textSearchConfig = (language: string) => TEXT_SEARCH_CONFIGS[language] ?? "simple";

const fingerprintOf = (doc: SearchDocument) => createHash("sha256").update(JSON.stringify(doc)).digest("base64url").slice(0, 22);

/** The words of the documents, folded, with how many documents use each (for "Did you mean"). */
export function vocabularyOf(docs: SearchDocument[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const doc of docs) {
    const words = new Set(fold(`${doc.title} ${doc.names} ${doc.summary} ${doc.body}`).split(" "));
    for (const word of words) {
      if (word.length < 3 || word.length > 30 || !/\p{L}/u.test(word)) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return counts;
}

const BATCH = 100;
/** The row an upsert would have written, for its ON CONFLICT … DO UPDATE. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

export async function syncSearchIndex(
  db: Database,
  docs: SearchDocument[],
  language = "en",
): Promise<{ written: number; removed: number }> {
  const config = textSearchConfig(language);
  const wanted = new Map(docs.filter((d) => d.language === language).map((d) => [d.key, { doc: d, fingerprint: fingerprintOf(d) }]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.searchIndex})`);
    const present = await tx
      .select({ key: searchDocuments.key, fingerprint: searchDocuments.fingerprint })
      .from(searchDocuments)
      .where(eq(searchDocuments.language, language));
    const have = new Map(present.map((r) => [r.key, r.fingerprint]));
    const removed = present.filter((r) => !wanted.has(r.key)).map((r) => r.key);
    const changed = [...wanted.values()].filter(({ doc, fingerprint }) => have.get(doc.key) !== fingerprint);
    if (!removed.length && !changed.length) return { written: 0, removed: 0 };

    for (let i = 0; i < removed.length; i += BATCH)
      await tx
        .delete(searchDocuments)
        .where(and(eq(searchDocuments.language, language), inArray(searchDocuments.key, removed.slice(i, i + BATCH))));
    for (let i = 0; i < changed.length; i += BATCH) {
      const rows = changed.slice(i, i + BATCH).map(({ doc: { names, cited, ...doc }, fingerprint }) => ({
        ...doc,
        fingerprint,
        document: sql`setweight(to_tsvector(${config}::regconfig, ${`${doc.title} ${names}`}), 'A') || setweight(to_tsvector(${config}::regconfig, ${doc.summary}), 'B') || setweight(to_tsvector(${config}::regconfig, ${doc.body}), 'C') || setweight(to_tsvector(${config}::regconfig, ${cited}), 'D')`,
      }));
      await tx
        .insert(searchDocuments)
        .values(rows)
        .onConflictDoUpdate({
          target: [searchDocuments.key, searchDocuments.language],
          set: {
            kind: excluded("kind"),
            href: excluded("href"),
            title: excluded("title"),
            summary: excluded("summary"),
            body: excluded("body"),
            communities: excluded("communities"),
            publishedDate: excluded("published_date"),
            fingerprint: excluded("fingerprint"),
            document: excluded("document"),
          },
        });
    }
    await syncVocabulary(tx as unknown as Database, vocabularyOf([...wanted.values()].map((w) => w.doc)), language);
    return { written: changed.length, removed: removed.length };
  });
}

async function syncVocabulary(db: Database, vocabulary: Map<string, number>, language: string) {
  const present = await db
    .select({ word: searchWords.word, documents: searchWords.documents })
    .from(searchWords)
    .where(eq(searchWords.language, language));
  const have = new Map(present.map((r) => [r.word, r.documents]));
  const gone = present.filter((r) => !vocabulary.has(r.word)).map((r) => r.word);
  const changed = [...vocabulary].filter(([word, n]) => have.get(word) !== n);
  for (let i = 0; i < gone.length; i += 1000)
    await db.delete(searchWords).where(and(eq(searchWords.language, language), inArray(searchWords.word, gone.slice(i, i + 1000))));
  for (let i = 0; i < changed.length; i += 1000)
    await db
      .insert(searchWords)
      .values(changed.slice(i, i + 1000).map(([word, documents]) => ({ language, word, documents })))
      .onConflictDoUpdate({ target: [searchWords.language, searchWords.word], set: { documents: sql`excluded.documents` } });
}
