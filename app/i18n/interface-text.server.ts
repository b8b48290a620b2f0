/**
 * The interface text of every language (app/i18n/messages/<code>.json, in ICU MessageFormat), English the
 * source and the fallback for any string a language lacks, with staff's corrections over it
 * (interface-corrections.server.ts). The root loader hands the layout its language's
 * strings (`layoutText`); a page that says more in its `<main>` (the forms) has its loader send its own
 * (`pageText`), so no page carries another page's strings. Strings with plural or select rules are
 * formatted here, on the server, with intl-messageformat (CLDR plural rules: Arabic has six forms), so the
 * browser needs no message library: it receives them already said.
 */
import type { PrimitiveType } from "intl-messageformat";
import { compileMessage } from "./message-format";
import ar from "./messages/ar.json";
import ckb from "./messages/ckb.json";
import en from "./messages/en.json";
import fa from "./messages/fa.json";
import fr from "./messages/fr.json";
import ku from "./messages/ku.json";
import type { LanguageCode } from "./languages";
import type { InterfaceText, MessageKey, MessageValues } from "./text";

/** The shipped text, as translated for the first release (each language awaits a native speaker's review). */
export const SHIPPED: Record<LanguageCode, Partial<Record<MessageKey, string>>> = { en, ar, fa, ckb, ku, fr };

export const MESSAGE_KEYS = Object.keys(en) as MessageKey[];

/**
 * The groups of strings that one page says inside its `<main>` (`contact.title`, `forms.field.name`): each
 * page's loader sends the groups it needs (`pageText`), the root loader none of them.
 */
export const PAGE_GROUPS = ["forms", "contact", "join", "donate"] as const;
export type PageGroup = (typeof PAGE_GROUPS)[number];

const groupOf = (key: string) => key.slice(0, key.indexOf("."));
const isPageKey = (key: string) => (PAGE_GROUPS as readonly string[]).includes(groupOf(key));

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

const pick = (text: InterfaceText, keep: (key: string) => boolean) =>
  Object.fromEntries(Object.entries(text).filter(([key]) => keep(key))) as Partial<InterfaceText>;

/** The strings of the layout around every page (header, footer, switcher, errors), for the root loader. */
export function layoutText(language: LanguageCode, corrections?: InterfaceCorrections): Partial<InterfaceText> {
  return pick(interfaceText(language, corrections), (key) => !isPageKey(key));
}

/**
 * The strings of the given groups, for one page's loader. A string listed in `values` is formatted with them
 * (its plurals chosen by the language's rules); the others keep their `{name}`s for `t()` to fill in.
 */
export function pageText(
  language: LanguageCode,
  groups: readonly PageGroup[],
  values: Partial<Record<MessageKey, MessageValues>> = {},
  corrections?: InterfaceCorrections,
): Partial<InterfaceText> {
  const text = pick(interfaceText(language, corrections), (key) => (groups as readonly string[]).includes(groupOf(key)));
  for (const key of Object.keys(text) as MessageKey[]) {
    const given = values[key];
    if (given) text[key] = formatMessage(language, key, given, corrections);
  }
  return text;
}

/**
 * One string of a language, said with its values: ICU MessageFormat, plurals by the language's CLDR rules.
 * A key that is no string's (a library's own message) is said as it is.
 */
export function formatMessage(language: LanguageCode, key: MessageKey, values?: MessageValues, corrections?: InterfaceCorrections): string {
  const message = interfaceText(language, corrections)[key];
  if (message === undefined) return key;
  return String(compileMessage(language, message).format(values as Record<string, PrimitiveType> | undefined));
}
