/**
 * The interface text of every language (app/i18n/messages/<code>.json, in ICU MessageFormat), English the
 * source and the fallback for any string a language lacks. The root loader hands the page's components its
 * language's strings (`useText()`, text.tsx). A string that needs plural rules (Arabic has six forms) will
 * be formatted by its loader with intl-messageformat, which the tests already parse every string with.
 */
import ar from "./messages/ar.json";
import ckb from "./messages/ckb.json";
import en from "./messages/en.json";
import fa from "./messages/fa.json";
import fr from "./messages/fr.json";
import ku from "./messages/ku.json";
import type { LanguageCode } from "./languages";
import type { InterfaceText, MessageKey } from "./text";

/** The shipped text, as translated for the first release (each language awaits a native speaker's review). */
export const SHIPPED: Record<LanguageCode, Partial<Record<MessageKey, string>>> = { en, ar, fa, ckb, ku, fr };

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

const resolved = new Map<LanguageCode, InterfaceText>();

/** Every string of a language, English where it has none. */
export function interfaceText(language: LanguageCode): InterfaceText {
  let text = resolved.get(language);
  if (!text) {
    text = { ...en, ...SHIPPED[language] } as InterfaceText;
    resolved.set(language, text);
  }
  return text;
}
