/**
 * What the results page shows of a search, browser-safe: the kinds of result, as the filter and each result
 * name them, and the marks that stand around each match in a snippet.
 */

/** Around each match in a snippet (search.server.ts); the page turns them into <mark> and escapes the rest. */
export const MATCH_START = "\uE000";
export const MATCH_END = "\uE001";

/** What a search result can be, in English (the page names them in its language: search.kind.* in app/i18n/messages). */
export const RESULT_KINDS = {
  community: "Community",
  article: "Article",
  news: "News",
  person: "Person",
  page: "Page",
} as const;

export type ResultKind = keyof typeof RESULT_KINDS;

export const isResultKind = (value: string | null): value is ResultKind => value !== null && Object.hasOwn(RESULT_KINDS, value);

export const RESULTS_PER_PAGE = 10;

export interface SearchResult {
  key: string;
  /** The language it is written in: the page's, or English where the page is not translated. */
  language: string;
  kind: ResultKind;
  href: string;
  title: string;
  /** Text with each match between MATCH_START and MATCH_END. */
  snippet: string;
  publishedDate: string | null;
  communities: string[];
}

export interface SearchAnswer {
  /** The query the results are for: what was typed, or its correction when that found nothing. */
  query: string;
  /** What was typed, when the results are for a corrected query instead. */
  correctedFrom: string | null;
  /** A correction that would find something, offered when exactly what was typed found nothing. */
  suggestion: string | null;
  results: SearchResult[];
  /** Matches of every kind, before the kind filter (the filter's counts). */
  counts: Partial<Record<ResultKind, number>>;
  total: number;
  page: number;
  pages: number;
}
