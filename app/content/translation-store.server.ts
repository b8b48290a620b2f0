/**
 * Translations as staff keep them (issue 34). A translation's text is a document in its language beside the
 * English one (content_documents and its history in content_revisions, as every document); its state is a
 * row of content_translations: the English revision it was made from, and the revision visitors read.
 *
 * A save keeps a draft: visitors see nothing new until someone publishes it, which copies that revision out
 * and moves the content version, so every instance shows it within a second like any other change.
 *
 * Outdated is told by revisions, not times: a translation made from English revision 4 is outdated once the
 * English has a revision after 4 that its editor did not mark minor.
 */
import { and, eq, sql, TransactionRollbackError, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { bumpContentVersion } from "../../db/content-version.server";
import { contentDocuments, contentRevisions, contentTranslations } from "../../db/schema";
import type { Published } from "~/lib/published";
import { SOURCE_LANGUAGE } from "~/i18n/languages";

/** The last English revision that changed what a translation must say: the newest not marked minor. */
export const meaningRevision = (path: unknown) => sql<number>`coalesce((
  select max(${contentRevisions.revision}) from ${contentRevisions}
  where ${contentRevisions.path} = ${path} and ${contentRevisions.language} = ${SOURCE_LANGUAGE} and not ${contentRevisions.minor}
), 0)::int`;

/** Where a news item's words, and their translations, are kept beside the content's documents (issue 34). */
export const newsPath = (id: string) => `news/${id}`;

/** The news item a path names; null for a content document's. */
export const newsIdOf = (path: string) => /^news\/([\w-]+)$/.exec(path)?.[1] ?? null;

/**
 * The English's revision now: its latest in the history, which a document's saves and a news item's edits
 * (app/news/editing.server.ts, at `news/<id>`) both write.
 */
export const englishRevision = (path: unknown) => sql<number>`coalesce((
  select max(${contentRevisions.revision}) from ${contentRevisions}
  where ${contentRevisions.path} = ${path} and ${contentRevisions.language} = ${SOURCE_LANGUAGE}
), 0)::int`;

/**
 * The translation's own path, written out in full for the subqueries above: drizzle names a column bare where
 * its table is the only one selected from, and a bare "path" inside them would be content_revisions' own.
 */
const TRANSLATION_PATH = sql.raw(`"content_translations"."path"`);

/** A published translation, as an edition reads it. */
export interface PublishedTranslation {
  path: string;
  language: string;
  source: string;
  reviewedAt: string;
  /** The English has changed in meaning since the published text was made from it. */
  outdated: boolean;
}

/** Every published translation, in the transaction that reads the edition. */
export async function publishedTranslations(db: Database): Promise<PublishedTranslation[]> {
  const rows = await db
    .select({
      path: contentTranslations.path,
      language: contentTranslations.language,
      source: contentTranslations.publishedSource,
      reviewedAt: contentTranslations.reviewedAt,
      from: contentTranslations.publishedFromRevision,
      meaning: meaningRevision(TRANSLATION_PATH),
    })
    .from(contentTranslations)
    .where(sql`${contentTranslations.publishedSource} is not null`)
    .orderBy(contentTranslations.language, contentTranslations.path);
  return rows.map((r) => ({
    path: r.path,
    language: r.language,
    source: r.source!,
    reviewedAt: (r.reviewedAt ?? new Date(0)).toISOString().slice(0, 10),
    outdated: (r.from ?? 0) < r.meaning,
  }));
}

export interface TranslationState {
  /** Its latest text and revision; null: not begun. */
  draft: { source: string; revision: number; savedAt: Date; savedBy: string | null } | null;
  fromRevision: number | null;
  publishedRevision: number | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  /** The English's revision now, and the last one that changed its meaning. */
  englishRevision: number;
  outdated: boolean;
  /** The published text is older than the English's meaning (what visitors are told). */
  publishedOutdated: boolean;
}

/** A translation's state, with one per language and document in `overview`. */
export interface TranslationSummary {
  path: string;
  language: string;
  published: boolean;
  /** A save since the revision published (or nothing published). */
  draft: boolean;
  outdated: boolean;
}

type Conflict = { conflict: true };

/** The rows of a query written in SQL, as both databases' drivers answer it. */
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

export function createTranslationStore(db: Database, options: { publish: () => Promise<Published> }) {
  async function state(path: string, language: string): Promise<TranslationState> {
    const [english] = await rowsOf<{ revision: number; meaning: number }>(
      db,
      sql`select ${englishRevision(path)} as revision, ${meaningRevision(path)} as meaning`,
    );
    const [draft] = await db
      .select({
        source: contentDocuments.source,
        revision: contentDocuments.revision,
        savedAt: contentDocuments.updatedAt,
        savedBy: contentDocuments.updatedBy,
      })
      .from(contentDocuments)
      .where(and(eq(contentDocuments.path, path), eq(contentDocuments.language, language)));
    const [row] = await db
      .select()
      .from(contentTranslations)
      .where(and(eq(contentTranslations.path, path), eq(contentTranslations.language, language)));
    const meaning = english?.meaning ?? 0;
    return {
      draft: draft ?? null,
      fromRevision: row?.fromRevision ?? null,
      publishedRevision: row?.publishedRevision ?? null,
      reviewedBy: row?.reviewedBy ?? null,
      reviewedAt: row?.reviewedAt ?? null,
      englishRevision: english?.revision ?? 0,
      outdated: row ? row.fromRevision < meaning : false,
      publishedOutdated: row?.publishedRevision ? (row.publishedFromRevision ?? 0) < meaning : false,
    };
  }

  /** Every translation begun (of one document, or of all), in every language: what "What the site still needs" counts. */
  async function overview(path?: string): Promise<TranslationSummary[]> {
    const rows = await db
      .select({
        path: contentTranslations.path,
        language: contentTranslations.language,
        from: contentTranslations.fromRevision,
        publishedRevision: contentTranslations.publishedRevision,
        revision: contentDocuments.revision,
        meaning: meaningRevision(TRANSLATION_PATH),
      })
      .from(contentTranslations)
      .innerJoin(
        contentDocuments,
        and(eq(contentDocuments.path, contentTranslations.path), eq(contentDocuments.language, contentTranslations.language)),
      )
      .where(path === undefined ? undefined : eq(contentTranslations.path, path))
      .orderBy(contentTranslations.language, contentTranslations.path);
    return rows.map((r) => ({
      path: r.path,
      language: r.language,
      published: r.publishedRevision !== null,
      draft: r.publishedRevision !== r.revision,
      outdated: r.from < r.meaning,
    }));
  }

  /**
   * Saves a translation's text as a draft, if nobody saved it since `revision` (0: a new one). A new one is
   * made from today's English; a saved one stays made from the English it was, unless its translator
   * confirms it matches today's (`matchesEnglish`).
   */
  async function save(change: {
    path: string;
    language: string;
    revision: number;
    source: string;
    savedBy: string;
    matchesEnglish: boolean;
  }): Promise<{ revision: number } | Conflict> {
    const { path, language, revision, source, savedBy } = change;
    if (language === SOURCE_LANGUAGE) throw new Error("a translation is in another language than the English");
    const next = revision + 1;
    return db.transaction(async (tx) => {
      const written =
        revision === 0
          ? await tx
              .insert(contentDocuments)
              .values({ path, language, source, revision: next, updatedBy: savedBy })
              .onConflictDoNothing()
              .returning({ path: contentDocuments.path })
          : await tx
              .update(contentDocuments)
              .set({ source, revision: next, updatedBy: savedBy, updatedAt: sql`now()` })
              .where(and(eq(contentDocuments.path, path), eq(contentDocuments.language, language), eq(contentDocuments.revision, revision)))
              .returning({ path: contentDocuments.path });
      if (written.length === 0) return { conflict: true as const };
      await tx.insert(contentRevisions).values({ path, language, revision: next, source, savedBy });
      const [english] = await rowsOf<{ revision: number }>(tx, sql`select ${englishRevision(path)} as revision`);
      const today = english?.revision ?? 0;
      await tx
        .insert(contentTranslations)
        .values({ path, language, fromRevision: today, translatedBy: savedBy })
        .onConflictDoUpdate({
          target: [contentTranslations.path, contentTranslations.language],
          set: {
            translatedBy: savedBy,
            translatedAt: sql`now()`,
            ...(change.matchesEnglish ? { fromRevision: today } : {}),
          },
        });
      return { revision: next };
    });
  }

  /** Publishes revision `revision` of a translation, reviewed by `by`: what visitors read from now on. */
  async function publish(change: { path: string; language: string; revision: number; by: string }): Promise<Published | Conflict> {
    const { path, language, revision, by } = change;
    const done = await db
      .transaction(async (tx) => {
        await bumpContentVersion(tx);
        const published = await tx
          .update(contentTranslations)
          .set({
            publishedSource: sql`(select ${contentDocuments.source} from ${contentDocuments} where ${contentDocuments.path} = ${path} and ${contentDocuments.language} = ${language} and ${contentDocuments.revision} = ${revision})`,
            publishedRevision: revision,
            publishedFromRevision: sql`${contentTranslations.fromRevision}`,
            reviewedBy: by,
            reviewedAt: sql`now()`,
          })
          .where(
            and(
              eq(contentTranslations.path, path),
              eq(contentTranslations.language, language),
              sql`exists (select 1 from ${contentDocuments} where ${contentDocuments.path} = ${path} and ${contentDocuments.language} = ${language} and ${contentDocuments.revision} = ${revision})`,
            ),
          )
          .returning({ path: contentTranslations.path });
        // Someone saved it since: nothing is published, and the version is not moved either.
        if (published.length === 0) tx.rollback();
        return true;
      })
      .catch((err: unknown) => {
        if (err instanceof TransactionRollbackError) return false;
        throw err;
      });
    if (!done) return { conflict: true };
    return options.publish();
  }

  /** Takes a translation off the site: visitors read the English again; its text and history stay. */
  async function withdraw(change: { path: string; language: string }): Promise<Published> {
    await db.transaction(async (tx) => {
      await bumpContentVersion(tx);
      await tx
        .update(contentTranslations)
        .set({ publishedSource: null, publishedRevision: null, publishedFromRevision: null })
        .where(and(eq(contentTranslations.path, change.path), eq(contentTranslations.language, change.language)));
    });
    return options.publish();
  }

  return { state, overview, save, publish, withdraw };
}

export type TranslationStore = ReturnType<typeof createTranslationStore>;
