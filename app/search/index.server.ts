/**
 * Keeps the search index in step with what visitors can read. The publishing step (server/publishing.ts)
 * brings it up to each new edition of the content before the edition is served: the pages and people of the
 * edition, and the news items the change touched; everything at start. An advisory lock and a fingerprint per
 * document leave an instance that comes second nothing to write, and each row keeps its words, so the
 * vocabulary moves by the rows written: a change costs its own documents, not the size of the site.
 */
import { createHash } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { searchDocuments, searchWords } from "../../db/schema";
import { isLanguageCode, languageOf } from "~/i18n/languages";
import { normalizeForSearch } from "./normalize";
import { fold } from "./query";
import type { SearchDocument } from "./documents.server";
import type { ResultKind } from "./results";

/** Each language's text-search configuration, from the table of languages; an unknown one is searched word for word. */
export const textSearchConfig = (language: string) => (isLanguageCode(language) ? languageOf(language).search : "simple");

/** A document's or a query's text as the index of `language` compares it (normalize.ts). */
export const searchable = (language: string, text: string) => (isLanguageCode(language) ? normalizeForSearch(language, text) : text);

/** The form of the fingerprint: a new form rewrites every row at the next start (a migration added a column). */
const FINGERPRINT_FORM = "2";
const fingerprintOf = (doc: SearchDocument) =>
  createHash("sha256").update(FINGERPRINT_FORM).update(JSON.stringify(doc)).digest("base64url").slice(0, 22);

/** The words of one document, folded, as "Did you mean" suggests them. */
export function wordsOf(doc: SearchDocument): string[] {
  const words = new Set<string>();
  for (const word of fold(searchable(doc.language, `${doc.title} ${doc.names} ${doc.summary} ${doc.body}`)).split(" ")) {
    if (word.length < 3 || word.length > 30 || !/\p{L}/u.test(word)) continue;
    words.add(word);
  }
  return [...words];
}

/** The words of the documents, with how many documents use each (for "Did you mean"). */
export function vocabularyOf(docs: SearchDocument[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const doc of docs) for (const word of wordsOf(doc)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const BATCH = 100;
/** The row an upsert would have written, for its ON CONFLICT … DO UPDATE. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Which rows a sync answers for: every row (at start), the rows of some kinds (the pages and people of an
 * edition), or the rows of some keys (the news items a change touched). A row in the scope that `docs` lacks
 * is removed; rows outside it are left alone.
 */
export type IndexScope = "everything" | { kinds: ResultKind[] } | { keys: string[] };

function inScope(scope: IndexScope): SQL | undefined {
  if (scope === "everything") return undefined;
  if ("kinds" in scope) return inArray(searchDocuments.kind, scope.kinds);
  return scope.keys.length ? inArray(searchDocuments.key, scope.keys) : sql`false`;
}

export async function syncSearchIndex(
  db: Database,
  docs: SearchDocument[],
  scope: IndexScope = "everything",
  language = "en",
): Promise<{ written: number; removed: number }> {
  const config = textSearchConfig(language);
  const wanted = new Map(docs.filter((d) => d.language === language).map((d) => [d.key, { doc: d, fingerprint: fingerprintOf(d) }]));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.searchIndex})`);
    const present = await tx
      .select({ key: searchDocuments.key, fingerprint: searchDocuments.fingerprint })
      .from(searchDocuments)
      .where(and(eq(searchDocuments.language, language), inScope(scope)));
    const have = new Map(present.map((r) => [r.key, r.fingerprint]));
    const removed = present.filter((r) => !wanted.has(r.key)).map((r) => r.key);
    const changed = [...wanted.values()].filter(({ doc, fingerprint }) => have.get(doc.key) !== fingerprint);
    const delta = new Map<string, number>();
    const move = (words: readonly string[], by: number) => {
      for (const word of words) delta.set(word, (delta.get(word) ?? 0) + by);
    };
    // The words of every row about to be rewritten or removed leave the counts; the new rows' come in.
    const leaving = [...removed, ...changed.filter((c) => have.has(c.doc.key)).map((c) => c.doc.key)];
    for (let i = 0; i < leaving.length; i += BATCH) {
      const rows = await tx
        .select({ words: searchDocuments.words })
        .from(searchDocuments)
        .where(and(eq(searchDocuments.language, language), inArray(searchDocuments.key, leaving.slice(i, i + BATCH))));
      for (const row of rows) move(row.words, -1);
    }
    for (let i = 0; i < removed.length; i += BATCH)
      await tx
        .delete(searchDocuments)
        .where(and(eq(searchDocuments.language, language), inArray(searchDocuments.key, removed.slice(i, i + BATCH))));
    for (let i = 0; i < changed.length; i += BATCH) {
      const rows = changed.slice(i, i + BATCH).map(({ doc: { names, cited, ...doc }, fingerprint }) => {
        const words = wordsOf({ ...doc, names, cited });
        move(words, +1);
        const vector = (text: string, weight: string) =>
          sql`setweight(to_tsvector(${config}::regconfig, ${searchable(language, text)}), ${sql.raw(`'${weight}'`)})`;
        return {
          ...doc,
          fingerprint,
          words,
          document: sql`${vector(`${doc.title} ${names}`, "A")} || ${vector(doc.summary, "B")} || ${vector(doc.body, "C")} || ${vector(cited, "D")}`,
        };
      });
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
            words: excluded("words"),
            document: excluded("document"),
          },
        });
    }
    const db = tx as unknown as Database;
    await moveWordCounts(db, delta, language);
    // A whole sync also recounts every word from the rows, mending counts any earlier interruption left wrong.
    if (scope === "everything") await recountWords(db, language);
    return { written: changed.length, removed: removed.length };
  });
}

/** Adds each word's change in count; a word no document uses any more is forgotten. */
async function moveWordCounts(db: Database, delta: Map<string, number>, language: string) {
  const moved = [...delta].filter(([, by]) => by !== 0);
  for (let i = 0; i < moved.length; i += 1000) {
    const batch = moved.slice(i, i + 1000);
    await db
      .insert(searchWords)
      .values(batch.map(([word, documents]) => ({ language, word, documents })))
      .onConflictDoUpdate({
        target: [searchWords.language, searchWords.word],
        set: { documents: sql`${searchWords.documents} + excluded.documents` },
      });
    const fallen = batch.filter(([, by]) => by < 0).map(([word]) => word);
    if (fallen.length)
      await db
        .delete(searchWords)
        .where(and(eq(searchWords.language, language), inArray(searchWords.word, fallen), sql`${searchWords.documents} <= 0`));
  }
}

/** Every word's count from the rows themselves. */
async function recountWords(db: Database, language: string) {
  const counted = sql`select w as word, count(*)::int as documents from ${searchDocuments}, unnest(${searchDocuments.words}) as w where ${searchDocuments.language} = ${language} group by w`;
  await db.execute(
    sql`delete from ${searchWords} s where s.language = ${language} and not exists (select 1 from (${counted}) c where c.word = s.word)`,
  );
  await db.execute(
    sql`insert into ${searchWords} (language, word, documents) select ${language}, c.word, c.documents from (${counted}) c on conflict (language, word) do update set documents = excluded.documents where ${searchWords}.documents <> excluded.documents`,
  );
}
