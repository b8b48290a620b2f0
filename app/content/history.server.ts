/**
 * Each content document's history as staff read it: every saved revision with who saved it and when, a
 * line-by-line comparison of any two, and a restore, which saves an earlier text as a new revision (so the
 * restore, too, can be undone). A translation has one too, a news item's as a page's (translating.server.ts
 * restores it as a draft).
 */
import { diffLines } from "diff";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { staffUsers } from "../../db/schema";
import { audit, type Actor } from "~/staff/audit.server";
import { parseDocument } from "yaml";
import { joinFile, splitFile } from "./front-matter.server";
import { ContentError } from "./parse";
import type { Published } from "~/lib/published";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { isContentDocument, type ContentStore } from "./store.server";
import { newsIdOf, type TranslationStore } from "./translation-store.server";

export interface RevisionSummary {
  revision: number;
  savedAt: string;
  /** The person's name; null for the first edition and for updates from the files. */
  savedBy: string | null;
  deleted: boolean;
}

/**
 * Whether the Site section shows a history at `path` in `language`: a content document's in any language, and
 * a news item's translations. A news item's English is edited in News, whose changes the audit log keeps.
 */
export const hasHistory = (path: string, language: string) =>
  isContentDocument(path) || (language !== SOURCE_LANGUAGE && newsIdOf(path) !== null);

/** Staff's names by their account ids; an id no account has any more is named as such. */
async function namesOf(db: Database, ids: (string | null)[]): Promise<(id: string) => string> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const people = wanted.length
    ? await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, wanted))
    : [];
  const names = new Map(people.map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? "A removed account";
}

/** Revisions newest first, and each one's text by number. */
export async function documentHistory(store: ContentStore, db: Database, path: string, language?: string) {
  const revisions = await store.history(path, language);
  const nameOf = await namesOf(
    db,
    revisions.map((r) => r.savedBy),
  );
  const summaries: RevisionSummary[] = revisions
    .map((r) => ({
      revision: r.revision,
      savedAt: r.savedAt.toISOString(),
      savedBy: r.savedBy ? nameOf(r.savedBy) : null,
      deleted: r.source === null,
    }))
    .reverse();
  return { summaries, sources: new Map(revisions.map((r) => [r.revision, r.source])) };
}

/** The revision of a translation visitors read, and who reviewed and published it; null while none is published. */
export async function translationReview(translations: TranslationStore, db: Database, path: string, language: string) {
  const state = await translations.state(path, language);
  if (state.publishedRevision === null) return null;
  const nameOf = await namesOf(db, [state.reviewedBy]);
  return {
    revision: state.publishedRevision,
    reviewedBy: state.reviewedBy ? nameOf(state.reviewedBy) : null,
    reviewedAt: state.reviewedAt?.toISOString() ?? null,
  };
}

export type DiffLine = { kind: "added" | "removed" | "same"; text: string } | { kind: "skipped"; count: number };

/** Unchanged lines kept around each change; longer unchanged stretches are folded. */
const CONTEXT = 3;

/**
 * A document's text with each YAML value on one line: files are wrapped by hand, and a save rewraps what it
 * changes, so comparing the wrapped text would show lines that differ only in where they break.
 */
function unwrapped(path: string, source: string): string {
  // A translation (JSON, a value a line) is compared as it is.
  if (!source || source.startsWith("{")) return source;
  if (path.endsWith(".yaml")) return parseDocument(source).toString({ lineWidth: 0 });
  const { frontMatter, body } = splitFile(source);
  return joinFile(frontMatter, body, { lineWidth: 0 });
}

/** The lines that differ between two revisions of the document at `path`, with a little unchanged text around each change. */
export function lineDiff(path: string, beforeSource: string, afterSource: string): DiffLine[] {
  const [before, after] = [unwrapped(path, beforeSource), unwrapped(path, afterSource)];
  const lines: { kind: "added" | "removed" | "same"; text: string }[] = [];
  for (const part of diffLines(before, after)) {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    for (const text of part.value.replace(/\n$/, "").split("\n")) lines.push({ kind, text });
  }
  const near = lines.map((_, i) => lines.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((l) => l.kind !== "same"));
  const out: DiffLine[] = [];
  lines.forEach((line, i) => {
    if (line.kind !== "same" || near[i]) out.push(line);
    else if (out.at(-1)?.kind === "skipped") (out.at(-1) as { count: number }).count++;
    else out.push({ kind: "skipped", count: 1 });
  });
  return out;
}

/**
 * Saves revision `revision`'s text as the newest, if nobody saved since `current`. Refused with a reason
 * when that text no longer fits the rest of the site (a rule changed, or another document with it).
 */
export async function restoreRevision(
  store: ContentStore,
  db: Database,
  actor: Actor,
  path: string,
  revision: number,
  current: number,
): Promise<({ restored: number } & Published) | { error: string }> {
  const source = (await store.history(path)).find((r) => r.revision === revision)?.source;
  if (source === undefined) return { error: "There is no such revision." };
  if (source === null) return { error: "That revision is a removal: there is no text to restore." };
  try {
    const saved = await store.save({ path, revision: current, source, savedBy: actor.id ?? "system" });
    if ("conflict" in saved) return { error: "Not restored: someone saved this meanwhile. Look at the history again, then restore." };
    await audit(db, actor, {
      action: "content-restored",
      target: `content:${path}`,
      details: { revision: saved.revision, restored: revision },
    });
    return { restored: saved.revision, live: saved.live };
  } catch (err) {
    if (err instanceof ContentError) return { error: `Not restored: that text no longer fits the site (${err.message}).` };
    throw err;
  }
}
