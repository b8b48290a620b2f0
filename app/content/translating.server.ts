/**
 * The translation editor's save, publication and withdrawal (issue 34): a translation is checked as the
 * English page it becomes (the same schemas and whole-site rules as any save), so one that could not be
 * published is refused at its field, with what was typed kept.
 */
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { kindOf } from "./document-kinds.server";
import { fieldErrors, siteRuleError } from "./editing.server";
import { ContentError } from "./parse";
import type { ContentStore } from "./store.server";
import type { TranslationStore } from "./translation-store.server";
import { serializeTranslation, translatedSource, type TranslationText } from "./translations.server";

export type TranslationResult =
  ({ kind: "saved"; published: boolean } & Published) | { kind: "invalid"; errors: FieldErrors } | { kind: "conflict" };

/** The translation written over today's English, checked as a page of the site: its errors by field. */
function errorsOf(contentStore: ContentStore, path: string, englishSource: string, text: TranslationText): FieldErrors {
  const { kind } = kindOf(path)!;
  const source = translatedSource(kind, englishSource, text);
  const errors = fieldErrors(kind, source);
  if (Object.keys(errors).length) return errors;
  try {
    contentStore.siteWith([{ path, source }]);
    return {};
  } catch (err) {
    if (err instanceof ContentError) return siteRuleError(kind, path, err);
    throw err;
  }
}

/**
 * Saves a translation as a draft, then, with `publish`, publishes that revision. `revision` is the revision
 * the translator started from; a save that changes nothing publishes the revision there is.
 */
export async function saveTranslation(
  stores: { content: ContentStore; translations: TranslationStore },
  db: Parameters<typeof audit>[0],
  actor: Actor,
  change: { path: string; language: string; revision: number; text: TranslationText; matchesEnglish: boolean; publish: boolean },
): Promise<TranslationResult> {
  const { path, language } = change;
  const english = await stores.content.get(path);
  if (!english) return { kind: "conflict" };
  const errors = errorsOf(stores.content, path, english.source, change.text);
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  const source = serializeTranslation(change.text);
  const current = await stores.translations.state(path, language);
  let revision = change.revision;
  const unchanged = current.draft?.revision === revision && current.draft.source === source && !change.matchesEnglish;
  if (!unchanged) {
    const saved = await stores.translations.save({
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
  const published = await stores.translations.publish({ path, language, revision, by: actor.id ?? "system" });
  if ("conflict" in published) return { kind: "conflict" };
  await audit(db, actor, { action: "translation-published", target: `content:${path}`, details: { language, revision } });
  return { kind: "saved", published: true, live: published.live };
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
