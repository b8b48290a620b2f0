/**
 * The translation editor's save, publication and withdrawal (issue 34): a translation is checked as what it
 * becomes (a page: the same schemas and whole-site rules as any save), so one that could not be published is
 * refused at its field, with what was typed kept.
 */
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { languageOf, PREFIXED_LANGUAGES } from "~/i18n/languages";
import { translationEditorFor } from "./editors";
import type { ContentStore } from "./store.server";
import type { TranslationStore } from "./translation-store.server";
import type { TranslationSubject } from "./translation-subjects.server";
import { parseTranslation, serializeTranslation, type TranslationText } from "./translations.server";

export type TranslationResult =
  ({ kind: "saved"; published: boolean } & Published) | { kind: "invalid"; errors: FieldErrors } | { kind: "conflict" };

/**
 * Saves a translation as a draft, then, with `publish`, publishes that revision. `revision` is the revision
 * the translator started from; a save that changes nothing publishes the revision there is.
 */
export async function saveTranslation(
  translations: TranslationStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  subject: TranslationSubject,
  change: { language: string; revision: number; text: TranslationText; matchesEnglish: boolean; publish: boolean },
): Promise<TranslationResult> {
  const { path } = subject;
  const { language } = change;
  const errors = subject.check(change.text);
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  const source = serializeTranslation(change.text);
  const current = await translations.state(path, language);
  let revision = change.revision;
  const unchanged = current.draft?.revision === revision && current.draft.source === source && !change.matchesEnglish;
  if (!unchanged) {
    const saved = await translations.save({
      path,
      language,
      revision,
      source,
      savedBy: actor.id ?? "system",
      matchesEnglish: change.matchesEnglish,
    });
    if ("conflict" in saved) return { kind: "conflict" };
    revision = saved.revision;
    await audit(db, actor, { action: "translation-saved", target: `content:${path}`, details: { language, revision } });
  }
  if (!change.publish) return { kind: "saved", published: false, live: true };
  const published = await translations.publish({ path, language, revision, by: actor.id ?? "system" });
  if ("conflict" in published) return { kind: "conflict" };
  await audit(db, actor, { action: "translation-published", target: `content:${path}`, details: { language, revision } });
  return { kind: "saved", published: true, live: published.live };
}

/**
 * Saves revision `revision` of a translation as its newest, a draft like any save of it (publishing it is its
 * editor's step), if nobody saved it since `current`. Its English stays the one the translation was made
 * from. Refused with a reason when that text no longer fits the English it is laid over.
 */
export async function restoreTranslation(
  translations: TranslationStore,
  store: Pick<ContentStore, "history">,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  subject: TranslationSubject,
  change: { language: string; revision: number; current: number },
): Promise<{ restored: number } | { error: string }> {
  const { path } = subject;
  const { language, revision } = change;
  const source = (await store.history(path, language)).find((r) => r.revision === revision)?.source;
  if (source === undefined) return { error: "There is no such revision." };
  if (source === null) return { error: "That revision is a removal: there is no text to restore." };
  const errors = Object.values(subject.check(parseTranslation(source))).flat();
  if (errors.length) return { error: `Not restored: that text no longer fits the English (${errors.join(" ")}).` };
  const saved = await translations.save({
    path,
    language,
    revision: change.current,
    source,
    savedBy: actor.id ?? "system",
    matchesEnglish: false,
  });
  if ("conflict" in saved) return { error: "Not restored: someone saved this meanwhile. Look at the history again, then restore." };
  await audit(db, actor, {
    action: "translation-restored",
    target: `content:${path}`,
    details: { language, revision: saved.revision, restored: revision },
  });
  return { restored: saved.revision };
}

export async function withdrawTranslation(
  translations: TranslationStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  path: string,
  language: string,
): Promise<Published> {
  const done = await translations.withdraw({ path, language });
  await audit(db, actor, { action: "translation-withdrawn", target: `content:${path}`, details: { language } });
  return done;
}

/** One language a page, person or news item can be translated into, as its English editor lists it. */
export interface TranslationLink {
  code: string;
  name: string;
  englishName: string;
  /** "Not translated", "Draft", "Published, outdated"… */
  status: string;
  outdated: boolean;
  editor: string;
}

/** Each language the thing at `path` can be translated into, with how far its translation is, for its English editor. */
export async function translationsOf(translations: TranslationStore, path: string): Promise<TranslationLink[]> {
  const begun = await translations.overview(path);
  return PREFIXED_LANGUAGES.map((code) => {
    const { name, englishName } = languageOf(code);
    const found = begun.find((t) => t.language === code);
    const status = !found
      ? "Not translated"
      : [
          found.published ? "Published" : "Draft",
          found.published && found.draft ? "a newer draft saved" : null,
          found.outdated ? "outdated" : null,
        ]
          .filter(Boolean)
          .join(", ");
    return { code, name, englishName, status, outdated: Boolean(found?.outdated), editor: translationEditorFor(path, code) };
  });
}
