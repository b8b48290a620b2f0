/**
 * Interface text in components: the root loader gives the page's language and its strings
 * (interface-text.server.ts), and `useText()` reads them, on the server and in a hydrated page alike.
 */
import { createContext, Fragment, useContext, type ReactNode } from "react";
import type en from "./messages/en.json";
import { intlLocale, localPath, SOURCE_LANGUAGE, type LanguageCode } from "./languages";

export type MessageKey = keyof typeof en;
export type InterfaceText = Record<MessageKey, string>;

interface PageLanguage {
  language: LanguageCode;
  text: InterfaceText | null;
}

const TextContext = createContext<PageLanguage>({ language: SOURCE_LANGUAGE, text: null });

export const TextProvider = TextContext.Provider;

/**
 * `t(key, values)` puts each `{name}` in a string; a string with plural or select rules is formatted by the
 * loader (`formatText`). `local(path)` is an English address in the page's language.
 */
export function useText() {
  const { language, text } = useContext(TextContext);
  return {
    language,
    t: (key: MessageKey, values?: Record<string, string | number>) => fillIn(language, text?.[key] ?? key, values),
    /** A string with elements in it: `{date}` → a <time>, `{link}` → an <a>. */
    rich: (key: MessageKey, values: Record<string, ReactNode>) => fillInNodes(text?.[key] ?? key, values),
    number: (n: number, options?: Intl.NumberFormatOptions) => formatNumber(language, n, options),
    /** A calendar date (2026-11-26) as the language writes it. */
    date: (isoDate: string) => formatDate(language, isoDate),
    local: (path: string) => localPath(language, path),
  };
}

/** A number in the language's digits (a year: `{ useGrouping: false }`). */
export const formatNumber = (language: LanguageCode, n: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(language), options).format(n);

/** A calendar date (2026-11-26) as the language writes it, in its own digits and calendar. */
export const formatDate = (language: LanguageCode, isoDate: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

/** A string with each `{name}` replaced by an element, for words that wrap around a link or a date. */
function fillInNodes(message: string, values: Record<string, ReactNode>): ReactNode {
  return message.split(/(\{\w+\})/).map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name && name in values ? values[name] : part}</Fragment>;
  });
}

/** A string with each `{name}` replaced by its value, numbers in the language's digits. */
export function fillIn(language: LanguageCode, message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = values[name];
    return value === undefined ? all : typeof value === "number" ? formatNumber(language, value) : value;
  });
}
