/**
 * The meta tags of a page whose words are all interface text (the contact, volunteer and donation pages):
 * it exists in every language, so its title and description are said in the page's language and its
 * canonical address is its own (/fa/contact), where a page not yet translated names the English one.
 */
import type { MetaDescriptor } from "react-router";
import { pageMeta, rootMeta } from "~/lib/seo";
import { languageOfPath, localPath } from "./languages";
import type { MessageKey } from "./text";

interface EnglishPage {
  /** Its English address. */
  path: string;
  title: string;
  description: string;
}

interface MetaArgs {
  matches: readonly unknown[];
  location: { pathname: string };
  loaderData?: unknown;
}

export function pageInEveryLanguageMeta(page: EnglishPage, title: MessageKey, description: MessageKey) {
  return ({ matches, location, loaderData }: MetaArgs): MetaDescriptor[] => {
    const text = (loaderData as { text?: Partial<Record<MessageKey, string>> } | undefined)?.text ?? {};
    return pageMeta({
      title: text[title] ?? page.title,
      description: text[description] ?? page.description,
      path: localPath(languageOfPath(location.pathname).language, page.path),
      root: rootMeta(matches),
    });
  };
}
