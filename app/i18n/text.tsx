/**
 * Interface text in components: the root loader gives the page's language and its strings
 * (interface-text.server.ts), and `useText()` reads them, on the server and in a hydrated page alike.
 */
import { createContext, useContext } from "react";
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
    number: (n: number, options?: Intl.NumberFormatOptions) => formatNumber(language, n, options),
    local: (path: string) => localPath(language, path),
  };
}

/** A number in the language's digits (a year: `{ useGrouping: false }`). */
export const formatNumber = (language: LanguageCode, n: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(language), options).format(n);

/** A calendar date (2026-11-26) as the language writes it, in its own digits and calendar. */
export const formatDate = (language: LanguageCode, isoDate: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDate}T00:00:00Z`));

/** A string with each `{name}` replaced by its value, numbers in the language's digits. */
export function fillIn(language: LanguageCode, message: string, values?: Record<string, string | number>): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = values[name];
    return value === undefined ? all : typeof value === "number" ? formatNumber(language, value) : value;
  });
}
