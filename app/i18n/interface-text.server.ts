/**
 * The interface text of every language (app/i18n/messages/<code>.json, in ICU MessageFormat), English the
 * source and the fallback for any string a language lacks, with staff's corrections over it
 * (interface-corrections.server.ts). The root loader hands the page's components its language's strings
 * (`useText()`, text.tsx). A string that needs plural rules (Arabic has six forms) will be formatted by its
 * loader with intl-messageformat, which the tests already parse every string with.
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

/** Staff's corrections in one edition of the content, by language (an edition's `interfaceCorrections`). */
export type InterfaceCorrections = Readonly<Partial<Record<LanguageCode, Readonly<Partial<InterfaceText>>>>>;

const shipped = new Map<LanguageCode, InterfaceText>();
/** Each edition's resolved text, by language, kept as long as the edition's corrections are. */
const corrected = new WeakMap<InterfaceCorrections, Map<LanguageCode, InterfaceText>>();

/** Every string of a language, English where it has none; with `corrections`, staff's corrections over both. */
export function interfaceText(language: LanguageCode, corrections?: InterfaceCorrections): InterfaceText {
  const own = corrections?.[language];
  const english = language === "en" ? undefined : corrections?.en;
  if (!corrections || (!own && !english)) {
    let text = shipped.get(language);
    if (!text) {
      text = { ...en, ...SHIPPED[language] } as InterfaceText;
      shipped.set(language, text);
    }
    return text;
  }
  let byLanguage = corrected.get(corrections);
  if (!byLanguage) corrected.set(corrections, (byLanguage = new Map()));
  let text = byLanguage.get(language);
  if (!text) {
    text = { ...en, ...english, ...SHIPPED[language], ...own } as InterfaceText;
    byLanguage.set(language, text);
  }
  return text;
}
