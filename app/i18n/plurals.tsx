/**
 * Strings with plural rules ("{count, plural, one {# result} other {# results}}"), said by each language's
 * CLDR rules with intl-messageformat: Arabic has six forms (zero, one, two, few, many, other), Persian and
 * Kurdish two, French three. Numbers are in the language's digits (`#`, `{n, number}`).
 *
 * Only pages that do not hydrate use it in their components (a content page, the search), so it is drawn on
 * the server and no browser downloads the library. A page that hydrates formats its plurals in its loader.
 */
import { Fragment, isValidElement, type ReactNode } from "react";
import type { LanguageCode } from "./languages";
import { compileMessage } from "./message-format";
import { useText, type MessageKey } from "./text";

/** A value for a `{name}`: a number (a plural's count), words, or an element (a link, a quotation). */
export type PluralValues = Record<string, string | number | ReactNode>;

/** A message said with its values: words when every value is words or a number, else React nodes. */
export function formatPlural(language: LanguageCode, message: string, values: Record<string, string | number>): string;
export function formatPlural(language: LanguageCode, message: string, values: PluralValues): ReactNode;
export function formatPlural(language: LanguageCode, message: string, values: PluralValues): ReactNode {
  const said = compileMessage(language, message).format<ReactNode>(values as Record<string, ReactNode>);
  if (!Array.isArray(said)) return isValidElement(said) ? said : String(said);
  return said.map((part, i) => <Fragment key={i}>{part}</Fragment>);
}

/** `plural(key, values)`: an interface string with plural rules, in the page's language. */
export function usePlural() {
  const { language, t } = useText();
  return (key: MessageKey, values: PluralValues) => formatPlural(language, t(key), values);
}
