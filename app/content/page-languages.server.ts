/**
 * The languages a page can be read in, for its hreflang links, the language switcher and the sitemap. A
 * page shows one document (content.pageDocuments): English, and each language its translation is published
 * in. A page whose words are all interface text (a form, the search) is in every language, and so is a list
 * of documents (the communities, a board, a community's news, the partners): its own words are the
 * interface's, and each item it lists is marked in the language it is in (`inPageLanguage`).
 */
import { href } from "react-router";
import type { ContentSnapshot } from "./snapshot.server";
import { LANGUAGES, SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";

/** The pages whose words are all interface text: every language has them. */
const PAGES_IN_INTERFACE_TEXT = new Set<string>([href("/contact"), href("/join-us"), href("/donate"), href("/search")]);

/** The lists of documents, each item in its own language: every language has them too. */
const LISTS = new Set<string>([href("/communities"), href("/team/board-of-directors"), href("/team/board-of-advisors"), href("/partners")]);

/** A community's news (`/communities/yazidis/news`): a list wherever the community's page is. */
const COMMUNITY_NEWS = /^(\/communities\/[^/]+)\/news$/;

function inEveryLanguage(content: Pick<ContentSnapshot, "pageDocuments">, path: string): boolean {
  if (PAGES_IN_INTERFACE_TEXT.has(path) || LISTS.has(path)) return true;
  const community = COMMUNITY_NEWS.exec(path)?.[1];
  return community !== undefined && content.pageDocuments.has(community);
}

/** The languages the page at English address `path` is published in, in the table's order. */
export function languagesOfPage(content: Pick<ContentSnapshot, "pageDocuments" | "publishedIn">, path: string): LanguageCode[] {
  if (inEveryLanguage(content, path)) return LANGUAGES.map((l) => l.code);
  const document = content.pageDocuments.get(path);
  const published = new Set<string>(document ? (content.publishedIn[document] ?? []) : []);
  return LANGUAGES.map((l) => l.code).filter((code) => code === SOURCE_LANGUAGE || published.has(code));
}

/**
 * Whether a document (`communities/yazidis.md`) is read in `pageLanguage` in this edition: always on an English
 * page; elsewhere only where its translation into that language is published (the edition read is the page's
 * language's only when that language has one). What is not is English, to be marked so on the page.
 */
export function inPageLanguage(
  { language = SOURCE_LANGUAGE, translations = {} }: Partial<Pick<ContentSnapshot, "language" | "translations">>,
  pageLanguage: string,
): (documentPath: string) => boolean {
  return (path) => pageLanguage === SOURCE_LANGUAGE || (language === pageLanguage && Object.hasOwn(translations, path));
}
