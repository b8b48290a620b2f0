/**
 * Each content document's history as staff read it: every saved revision with who saved it and when, a
 * line-by-line comparison of any two, and a restore, which saves an earlier text as a new revision (so the
 * restore, too, can be undone).
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
import type { ContentStore } from "./store.server";

export interface RevisionSummary {
  revision: number;
  savedAt: string;
  /** The person's name; null for the first edition and for updates from the files. */
  savedBy: string | null;
  deleted: boolean;
}

/** Revisions newest first, and each one's text by number. */
export async function documentHistory(store: ContentStore, db: Database, path: string, language?: string) {
  const revisions = await store.history(path, language);
  const ids = [...new Set(revisions.map((r) => r.savedBy).filter((id): id is string => Boolean(id)))];
  const people = ids.length
    ? await db.select({ id: staffUsers.id, name: staffUsers.name }).from(staffUsers).where(inArray(staffUsers.id, ids))
    : [];
  const names = new Map(people.map((p) => [p.id, p.name]));
  const summaries: RevisionSummary[] = revisions
    .map((r) => ({
      revision: r.revision,
      savedAt: r.savedAt.toISOString(),
      savedBy: r.savedBy ? (names.get(r.savedBy) ?? "A removed account") : null,
      deleted: r.source === null,
    }))
    .reverse();
  return { summaries, sources: new Map(revisions.map((r) => [r.revision, r.source])) };
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
