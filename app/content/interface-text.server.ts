/**
 * The Site section's "Interface text" (issue 34): staff correct any string of any language, or put it back to
 * the shipped text, and mark a language's text reviewed by a native speaker. A save is checked string by
 * string (app/i18n/interface-corrections.server.ts), written with its audit entry in the transaction that moves
 * the content version, then published like any content save: visitors see it on every instance within a second.
 */
import type { Database } from "../../db/client.server";
import { bumpContentVersion } from "../../db/content-version.server";
import { interfaceField } from "~/i18n/interface-form";
import { correctionProblem, isMessageKey, writeCorrections, writeReview, type ShippedCatalog } from "~/i18n/interface-corrections.server";
import { MESSAGE_KEYS, SHIPPED } from "~/i18n/interface-text.server";
import type { LanguageCode } from "~/i18n/languages";
import type { MessageKey } from "~/i18n/text";
import type { Published } from "~/lib/published";
import { audit, type Actor } from "~/staff/audit.server";
import type { ContentStore } from "./store.server";

/** What the form sent: each string as typed and as it was shown, and the strings to reset. */
export interface InterfaceTextForm {
  typed: Partial<Record<MessageKey, string>>;
  shown: Partial<Record<MessageKey, string>>;
  reset: MessageKey[];
}

/** Line ends as a browser sends them (CRLF) become the catalogs' own (LF); nothing else is changed. */
const asTyped = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : undefined);

export function readInterfaceTextForm(form: FormData): InterfaceTextForm {
  const typed: InterfaceTextForm["typed"] = {};
  const shown: InterfaceTextForm["shown"] = {};
  for (const key of MESSAGE_KEYS) {
    const text = asTyped(form.get(interfaceField.text(key)));
    if (text !== undefined) typed[key] = text;
    const before = asTyped(form.get(interfaceField.shown(key)));
    if (before !== undefined) shown[key] = before;
  }
  const reset = [...new Set(form.getAll(interfaceField.reset).map(String))].filter(isMessageKey);
  return { typed, shown, reset };
}

export type InterfaceTextSaved =
  | { kind: "invalid"; errors: Partial<Record<MessageKey, string[]>> }
  | { kind: "unchanged" }
  | ({ kind: "saved"; corrected: MessageKey[]; reset: MessageKey[] } & Published);

/**
 * Saves the strings the form changed (those typed differently from what it showed, so a string someone else
 * corrected meanwhile is left as they saved it) and resets those ticked: all or nothing, after checking each.
 */
export async function saveInterfaceText(
  store: ContentStore,
  db: Database,
  actor: Actor,
  language: LanguageCode,
  form: InterfaceTextForm,
): Promise<InterfaceTextSaved> {
  const set: Partial<Record<MessageKey, string>> = {};
  const errors: Partial<Record<MessageKey, string[]>> = {};
  for (const key of MESSAGE_KEYS) {
    const typed = form.typed[key];
    if (typed === undefined || typed === form.shown[key] || form.reset.includes(key)) continue;
    // Spaces around a string are a slip of the keyboard: no shipped string has them.
    const message = typed.trim();
    const problem = correctionProblem(key, message);
    if (problem) errors[key] = [problem];
    else set[key] = message;
  }
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  if (!Object.keys(set).length && !form.reset.length) return { kind: "unchanged" };
  const changed = await db.transaction(async (tx) => {
    // Saves on every instance take their turns at the version row, as content saves do.
    await bumpContentVersion(tx);
    const written = await writeCorrections(tx, { language, set, reset: form.reset, savedBy: actor.id });
    if (written.corrected.length || written.reset.length)
      await audit(tx, actor, { action: "interface-text-saved", target: `interface-text:${language}`, details: { language, ...written } });
    return written;
  });
  if (!changed.corrected.length && !changed.reset.length) return { kind: "unchanged" };
  return { kind: "saved", ...changed, ...(await store.publish()) };
}

/**
 * Marks a language's interface text reviewed by `actor`, covering every string the catalog ships now (again,
 * when strings were added or changed since its last review), or not reviewed, with an audit entry; false when
 * nothing changed.
 */
export async function markInterfaceTextReviewed(
  db: Database,
  actor: Actor,
  language: LanguageCode,
  reviewed: boolean,
  catalog: ShippedCatalog = SHIPPED,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await writeReview(tx, language, reviewed ? { reviewedBy: actor.id } : null, catalog);
    if (changed)
      await audit(tx, actor, {
        action: reviewed ? "interface-text-reviewed" : "interface-text-unreviewed",
        target: `interface-text:${language}`,
        details: { language },
      });
    return changed;
  });
}
