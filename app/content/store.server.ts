/**
 * The content as staff keep it: every content file but the news, one document per path and language, in the
 * file's own text. The files under app/content/ are the first edition: a document the database has never seen
 * is seeded from its file at start, and follows its file until staff first save it; from then on the
 * database's version is the site's, so what staff change or delete stays changed or deleted across restarts
 * and deploys (the rule news follows).
 *
 * Keeping the file's text, not fields parsed from it, means the same parser and schemas (collections.server.ts)
 * check what staff save and what the repository holds, and an untouched install exports byte for byte the
 * files it was seeded from.
 */
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { bumpContentVersion, readContentVersion } from "../../db/content-version.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { readInterfaceCorrections } from "~/i18n/interface-corrections.server";
import type { InterfaceCorrections } from "~/i18n/interface-text.server";
import type { Published } from "~/lib/published";
import type { SiteContent } from "./collections.server";
import { contentDocuments, contentRevisions, contentSeeded } from "../../db/schema";
import { publishedTranslations, type PublishedTranslation } from "./translation-store.server";

/** Only English exists today; every document and revision already carries its language. */
export const DEFAULT_LANGUAGE = "en";

/** The files that become documents: settings, pages, communities, articles, people and partners; not news.yaml. */
const DOCUMENT_PATH = /^(?:site\.yaml|partners\.yaml|(?:pages|communities|ideology|team\/directors|team\/advisors)\/[a-z0-9-]+\.md)$/;
export const isContentDocument = (path: string) => DOCUMENT_PATH.test(path);

/** The documents of one content version, by path: what an edition is built from, and what a save is checked against. */
export interface Edition {
  version: string;
  documents: Readonly<Record<string, string>>;
  /** The translations visitors read, read with the documents (translation-store.server.ts). */
  publishedTranslations?: readonly PublishedTranslation[];
  /** Staff's corrections of the interface text (app/i18n/interface-corrections.server.ts); none in the files' edition. */
  interfaceCorrections?: InterfaceCorrections;
}

export interface StoredDocument {
  source: string;
  revision: number;
}

/** A save that started from an older revision than the stored one: what is stored now (null: deleted). */
export interface SaveConflict {
  conflict: true;
  current: StoredDocument | null;
}

interface Change {
  path: string;
  language?: string;
  /** The revision the editor started from: the save is refused if someone saved since. */
  revision: number;
  /** The new text; null deletes the document. */
  source: string | null;
  savedBy: string;
  /** An English change its editor marked minor: the translations made before it stay current. */
  minor?: boolean;
}

async function readDocuments(db: Database, language: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ path: contentDocuments.path, source: contentDocuments.source })
    .from(contentDocuments)
    .where(eq(contentDocuments.language, language))
    .orderBy(asc(contentDocuments.path));
  return Object.fromEntries(rows.map((r) => [r.path, r.source]));
}

async function latestRevision(db: Database, path: string, language: string): Promise<number> {
  const [row] = await db
    .select({ latest: sql<number>`coalesce(max(${contentRevisions.revision}), 0)::int` })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.path, path), eq(contentRevisions.language, language)));
  return row?.latest ?? 0;
}

/** The first change that did not start from its document's stored revision; with "lock", the documents stay locked until the transaction ends. */
async function conflictIn(db: Database, changes: Change[], language: string, lock?: "lock"): Promise<ConflictFound | null> {
  for (const { path, revision } of changes) {
    const query = db
      .select({ source: contentDocuments.source, revision: contentDocuments.revision })
      .from(contentDocuments)
      .where(and(eq(contentDocuments.path, path), eq(contentDocuments.language, language)));
    const [current] = await (lock ? query.for("update") : query);
    // A deleted document's count goes on from its deletion, so its history stays one sequence.
    const latest = current?.revision ?? (await latestRevision(db, path, language));
    if (latest !== revision) return new ConflictFound({ conflict: true, current: current ?? null });
  }
  return null;
}

/** A save met a newer version than the edition it was checked against: it is checked again against the newest. */
class StaleEdition extends Error {}
/** Someone saved a document since the editor opened it: the transaction is undone, the conflict answered. */
class ConflictFound extends Error {
  constructor(readonly found: SaveConflict) {
    super("save conflict");
  }
}

/** How often a save is checked again when other saves keep landing first. */
const MAX_ATTEMPTS = 5;

export interface ContentStoreOptions {
  /** The edition a save is checked against first: the one being served, usually the newest. */
  basis: () => Edition;
  /** The site the documents make, every rule checked; throws a ContentError naming the rule broken. */
  assemble: (documents: Record<string, string>) => SiteContent;
  /** Publishes a saved change here; the other instances see it at their next poll. */
  publish: () => Promise<Published>;
}

export function createContentStore(db: Database, options: ContentStoreOptions) {
  /** Every document in one language, as path → text: what the site is built from. */
  const documents = (language = DEFAULT_LANGUAGE) => readDocuments(db, language);

  /**
   * The site as it would be with these changes (null deletes a document), built against the served edition:
   * what an editor checks and previews. Throws a ContentError naming the rule a change breaks.
   */
  const siteWith = (changes: Pick<Change, "path" | "source">[] = []): SiteContent => {
    const all = { ...options.basis().documents };
    for (const { path, source } of changes) {
      if (source === null) delete all[path];
      else all[path] = source;
    }
    return options.assemble(all);
  };

  /** The newest edition: the version, the documents it has and their published translations, read together. */
  const edition = (language = DEFAULT_LANGUAGE): Promise<Edition> =>
    db.transaction(
      async (tx) => {
        const version = await readContentVersion(tx);
        return {
          version,
          documents: await readDocuments(tx, language),
          publishedTranslations: await publishedTranslations(tx),
          interfaceCorrections: await readInterfaceCorrections(tx),
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

  const get = async (path: string, language = DEFAULT_LANGUAGE): Promise<StoredDocument | null> => {
    const [row] = await db
      .select({ source: contentDocuments.source, revision: contentDocuments.revision })
      .from(contentDocuments)
      .where(and(eq(contentDocuments.path, path), eq(contentDocuments.language, language)));
    return row ?? null;
  };

  /**
   * Brings the database up to the files: adds each file never seeded before, and updates each document staff
   * never saved whose file has changed since (an editorial fix in a deploy reaches every install that kept
   * the first edition). A document staff saved or deleted is never touched. Resolves to how many changed; it
   * publishes nothing itself, as it runs at start, before the first edition is published.
   */
  async function seed(files: Record<string, string>, language = DEFAULT_LANGUAGE): Promise<number> {
    const candidates = Object.entries(files).filter(([path]) => isContentDocument(path));
    if (candidates.length === 0) return 0;
    const paths = candidates.map(([path]) => path);
    const changed = await db.transaction(async (tx) => {
      // Instances starting together on one PostgreSQL seed one after the other: the second finds it done.
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.contentSeed})`);
      const seeded = await tx
        .select({ path: contentSeeded.path })
        .from(contentSeeded)
        .where(and(eq(contentSeeded.language, language), inArray(contentSeeded.path, paths)));
      const done = new Set(seeded.map((r) => r.path));
      const fresh = candidates.filter(([path]) => !done.has(path));
      if (fresh.length) {
        await tx
          .insert(contentDocuments)
          .values(fresh.map(([path, source]) => ({ path, language, source })))
          .onConflictDoNothing();
        await tx.insert(contentRevisions).values(fresh.map(([path, source]) => ({ path, language, revision: 1, source })));
        await tx.insert(contentSeeded).values(fresh.map(([path]) => ({ path, language })));
      }
      const untouched = await tx
        .select({ path: contentDocuments.path, source: contentDocuments.source, revision: contentDocuments.revision })
        .from(contentDocuments)
        .where(and(eq(contentDocuments.language, language), inArray(contentDocuments.path, paths), isNull(contentDocuments.updatedBy)));
      const edition = new Map(candidates);
      const stale = untouched.filter((doc) => done.has(doc.path) && edition.get(doc.path) !== doc.source);
      for (const doc of stale) {
        const source = edition.get(doc.path)!;
        const revision = doc.revision + 1;
        await tx
          .update(contentDocuments)
          .set({ source, revision, updatedAt: sql`now()` })
          .where(and(eq(contentDocuments.path, doc.path), eq(contentDocuments.language, language)));
        await tx.insert(contentRevisions).values({ path: doc.path, language, revision, source });
      }
      if (fresh.length + stale.length) await bumpContentVersion(tx);
      return fresh.length + stale.length;
    });
    return changed;
  }

  /**
   * Saves or deletes documents, all or none, if nobody saved any of them since its `revision` (for a new or
   * deleted one: its last revision, 0 if it never existed), after checking the whole content with the changes
   * applied, then publishes them. The check runs before the transaction, against the served edition; the
   * transaction only confirms that no other change landed since (else the check runs again, against the
   * newest). Resolves to each one's new revision, in order, or to the first conflict.
   */
  async function saveAll(changes: Change[]): Promise<({ revisions: number[] } & Published) | SaveConflict> {
    const language = changes[0]?.language ?? DEFAULT_LANGUAGE;
    for (const change of changes) {
      if (!isContentDocument(change.path)) throw new Error(`${change.path} is not a content document`);
      if ((change.language ?? DEFAULT_LANGUAGE) !== language) throw new Error("changes saved together share one language");
    }
    let basis = language === DEFAULT_LANGUAGE ? options.basis() : null;
    for (let attempt = 1; ; attempt++) {
      if (basis) {
        const all = { ...basis.documents };
        for (const { path, source } of changes) {
          if (source === null) delete all[path];
          else all[path] = source;
        }
        try {
          options.assemble(all);
        } catch (err) {
          // Started from an older revision: that is what the editor needs to hear first.
          const conflict = await conflictIn(db, changes, language);
          if (conflict) return conflict.found;
          throw err;
        }
      }
      let saved: { revisions: number[] };
      try {
        saved = await db.transaction((tx) => write(tx, changes, language, basis?.version));
      } catch (err) {
        if (err instanceof ConflictFound) return err.found;
        if (!(err instanceof StaleEdition) || attempt === MAX_ATTEMPTS) throw err;
        basis = await edition(language);
        continue;
      }
      return { ...saved, ...(await options.publish()) };
    }
  }

  /** The transaction of a save: its turn (the version row), the conflicts, the rows. */
  async function write(tx: Database, changes: Change[], language: string, checkedAt: string | undefined): Promise<{ revisions: number[] }> {
    // The version row stays locked until the end: saves on every instance take their turns here.
    const version = await bumpContentVersion(tx);
    const conflict = await conflictIn(tx, changes, language, "lock");
    // Nothing is written: the version is not moved either.
    if (conflict) throw conflict;
    // Another change landed after the edition this save was checked against: check again.
    if (checkedAt !== undefined && BigInt(version) !== BigInt(checkedAt) + 1n) throw new StaleEdition();
    const revisions: number[] = [];
    for (const { path, revision, source, savedBy, minor = false } of changes) {
      const next = revision + 1;
      if (source === null) {
        await tx.delete(contentDocuments).where(and(eq(contentDocuments.path, path), eq(contentDocuments.language, language)));
      } else {
        await tx
          .insert(contentDocuments)
          .values({ path, language, source, revision: next, updatedBy: savedBy })
          .onConflictDoUpdate({
            target: [contentDocuments.path, contentDocuments.language],
            set: { source, revision: next, updatedBy: savedBy, updatedAt: sql`now()` },
          });
      }
      // A new document staff add is never seeded over by a file of the same name in a later deploy.
      await tx.insert(contentSeeded).values({ path, language }).onConflictDoNothing();
      await tx.insert(contentRevisions).values({ path, language, revision: next, source, savedBy, minor });
      revisions.push(next);
    }
    return { revisions };
  }

  /** Saves or deletes one document: saveAll with one change. */
  async function save(change: Change): Promise<({ revision: number } & Published) | SaveConflict> {
    const result = await saveAll([change]);
    return "conflict" in result ? result : { revision: result.revisions[0]!, live: result.live };
  }

  /** The documents under `folder` (such as "team/directors/") that staff deleted, each with its last text. */
  async function deleted(folder: string, language = DEFAULT_LANGUAGE): Promise<{ path: string; source: string }[]> {
    const live = db.select({ path: contentDocuments.path }).from(contentDocuments).where(eq(contentDocuments.language, language));
    const rows = await db
      .select({ path: contentRevisions.path, source: contentRevisions.source })
      .from(contentRevisions)
      .where(
        and(
          eq(contentRevisions.language, language),
          sql`starts_with(${contentRevisions.path}, ${folder})`,
          notInArray(contentRevisions.path, live),
          isNotNull(contentRevisions.source),
        ),
      )
      .orderBy(asc(contentRevisions.id));
    // The last text each had before its deletion.
    return [...new Map(rows.map((r) => [r.path, r.source!])).entries()].map(([path, source]) => ({ path, source }));
  }

  /** Every saved state of one document, oldest first; `source` is null where it was deleted. */
  const history = (path: string, language = DEFAULT_LANGUAGE) =>
    db
      .select({
        revision: contentRevisions.revision,
        source: contentRevisions.source,
        savedAt: contentRevisions.savedAt,
        savedBy: contentRevisions.savedBy,
      })
      .from(contentRevisions)
      .where(and(eq(contentRevisions.path, path), eq(contentRevisions.language, language)))
      .orderBy(asc(contentRevisions.id));

  /**
   * Publishes a change to what visitors see that is kept beside the documents (the interface text's
   * corrections): its transaction moved the content version (bumpContentVersion), and it is committed.
   */
  const publish = () => options.publish();

  return { seed, documents, edition, siteWith, get, save, saveAll, deleted, history, publish };
}

export type ContentStore = ReturnType<typeof createContentStore>;
