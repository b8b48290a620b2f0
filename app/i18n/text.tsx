/**
 * Interface text in components: the root loader gives the page's language and the layout's strings, a page
 * that says more gives its own (`PageText`, from its loader: interface-text.server.ts), and `useText()`
 * reads them, on the server and in a hydrated page alike.
 */
import { createContext, Fragment, useContext, useMemo, type ReactNode } from "react";
import type { MetaDescriptor } from "react-router";
import { pageMeta, rootMeta } from "~/lib/seo";
import type en from "./messages/en.json";
import { digitsOf, intlLocale, localPath, SOURCE_LANGUAGE, type LanguageCode } from "./languages";

export type MessageKey = keyof typeof en;
export type InterfaceText = Record<MessageKey, string>;
/** The values a string is said with: `{max}`, `{minutes}`… */
export type MessageValues = Record<string, string | number>;

interface PageLanguage {
  language: LanguageCode;
  text: Partial<InterfaceText> | null;
}

const TextContext = createContext<PageLanguage>({ language: SOURCE_LANGUAGE, text: null });

export const TextProvider = TextContext.Provider;

/** A page's own strings (its loader's, from `pageText`), added to the layout's for everything inside. */
export function PageText({ text, children }: { text: Partial<InterfaceText>; children: ReactNode }) {
  const outer = useContext(TextContext);
  const value = useMemo(() => ({ language: outer.language, text: { ...outer.text, ...text } }), [outer, text]);
  return <TextProvider value={value}>{children}</TextProvider>;
}

/**
 * The `meta` export of a page whose words are all interface text (the contact, volunteer and donation pages):
 * it is in every language, so its title and description are its loader's strings, in the page's language, and
 * its canonical address is its own (/fa/contact: the root's `canonicalBase`), where a page not yet translated
 * names the English one.
 * Here rather than in a module of its own: this module ships with every hydrated page already.
 */
export function pageTextMeta({ path, title, description }: { path: string; title: MessageKey; description: MessageKey }) {
  return ({ matches, loaderData }: { matches: readonly unknown[]; loaderData?: unknown }) => {
    const text = (loaderData as { text?: Partial<InterfaceText> } | undefined)?.text;
    if (!text?.[title]) return [] as MetaDescriptor[];
    return pageMeta({
      title: text[title],
      description: text[description] ?? "",
      path,
      root: rootMeta(matches),
    });
  };
}

/** What `rich()` puts in a string: a `{name}` becomes a node, a `<name>words</name>` the node made of its words. */
export type RichParts = Record<string, ReactNode | ((words: ReactNode) => ReactNode)>;

/**
 * `t(key, values)` puts each `{name}` in a string; a string with plural or select rules comes already
 * formatted from its page's loader (`pageText`). `rich(key, parts)` does the same with elements, for a
 * string with a link or a mark in it. A key the page was not given is said as it is: a message that is not
 * a key (a staff page's English) passes through. `local(path)` is an English address in the page's language.
 */
export function useText() {
  const { language, text } = useContext(TextContext);
  const say = (key: MessageKey | string) => text?.[key as MessageKey] ?? key;
  return {
    language,
    t: (key: MessageKey, values?: MessageValues) => fillIn(language, say(key), values),
    /** A message that may be a key (a validation message) or already words. */
    say,
    rich: (key: MessageKey, parts: RichParts) => richText(say(key), parts),
    number: (n: number, options?: Intl.NumberFormatOptions) => formatNumber(language, n, options),
    /** A calendar date (2026-11-26) as the language writes it. */
    date: (isoDate: string) => formatDate(language, isoDate),
    local: (path: string) => localPath(language, path),
  };
}

/** A number in the language's digits (a year: `{ useGrouping: false }`). */
export const formatNumber = (language: LanguageCode, n: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(language), { ...digitsOf(language), ...options }).format(n);

/** A calendar date (2026-11-26) as the language writes it, in its own digits and calendar. */
export const formatDate = (language: LanguageCode, isoDate: string) =>
  new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "long", timeZone: "UTC", ...digitsOf(language) }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/** A string with each `{name}` replaced by its value, numbers in the language's digits. */
export function fillIn(language: LanguageCode, message: string, values?: MessageValues): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (all, name: string) => {
    const value = values[name];
    return value === undefined ? all : typeof value === "number" ? formatNumber(language, value) : value;
  });
}

/** ICU's rich-text tags (`<privacy>Privacy Policy</privacy>`) and `{name}`s, as React nodes. */
const RICH = /<(\w+)>([\s\S]*?)<\/\1>|\{(\w+)\}/g;

export function richText(message: string, parts: RichParts): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(RICH)) {
    const [all, tag, words, name] = match;
    if (match.index > last) nodes.push(message.slice(last, match.index));
    last = match.index + all.length;
    const part = parts[(tag ?? name)!];
    const inner = tag ? richText(words!, parts) : null;
    const node = tag ? (typeof part === "function" ? part(inner) : inner) : typeof part === "function" ? part(null) : (part ?? all);
    nodes.push(<Fragment key={nodes.length}>{node}</Fragment>);
  }
  if (last < message.length) nodes.push(message.slice(last));
  return nodes;
}
