/**
 * Strings with plural rules ("{count, plural, one {# result} other {# results}}"), said by each language's
 * CLDR rules with intl-messageformat: Arabic has six forms (zero, one, two, few, many, other), Persian and
 * Kurdish two, French three. Numbers are in the language's digits (`#`, `{n, number}`).
 *
 * Only pages that do not hydrate use it in their components (a content page, the search), so it is drawn on
 * the server and no browser downloads the library. A page that hydrates formats its plurals in its loader.
 */
import { IntlMessageFormat } from "intl-messageformat";
import { Fragment, isValidElement, type ReactNode } from "react";
import { intlLocale, type LanguageCode } from "./languages";
import { useText, type MessageKey } from "./text";

/** A value for a `{name}`: a number (a plural's count), words, or an element (a link, a quotation). */
export type PluralValues = Record<string, string | number | ReactNode>;

/** Grouped from five digits on, as today's English pages print a count: "1234 results", "12,345 results". */
const numberFormats = new Map<string, Intl.NumberFormat>();
const formatters = {
  getNumberFormat: (locales: string | string[], options?: Intl.NumberFormatOptions) => {
    const id = JSON.stringify([locales, options]);
    let format = numberFormats.get(id);
    if (!format) {
      format = new Intl.NumberFormat(locales, { useGrouping: "min2", ...options } as Intl.NumberFormatOptions);
      numberFormats.set(id, format);
    }
    return format;
  },
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

const compiled = new Map<string, IntlMessageFormat>();

function compile(language: LanguageCode, message: string): IntlMessageFormat {
  const id = `${language}\u0000${message}`;
  let format = compiled.get(id);
  if (!format) {
    format = new IntlMessageFormat(message, intlLocale(language), undefined, { formatters });
    compiled.set(id, format);
  }
  return format;
}

/** A message said with its values: words when every value is words or a number, else React nodes. */
export function formatPlural(language: LanguageCode, message: string, values: Record<string, string | number>): string;
export function formatPlural(language: LanguageCode, message: string, values: PluralValues): ReactNode;
export function formatPlural(language: LanguageCode, message: string, values: PluralValues): ReactNode {
  const said = compile(language, message).format<ReactNode>(values as Record<string, ReactNode>);
  if (!Array.isArray(said)) return isValidElement(said) ? said : String(said);
  return said.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

/** `plural(key, values)`: an interface string with plural rules, in the page's language. */
export function usePlural() {
  const { language, t } = useText();
  return (key: MessageKey, values: PluralValues) => formatPlural(language, t(key), values);
}
