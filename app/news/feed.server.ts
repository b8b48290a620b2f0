/** Atom feeds of the published news: the whole site's, and each community's. */
import { Feed } from "feed";
import type { NewsItem } from "~/news/queries.server";
import { CACHE_CONTROL } from "~/lib/http";
import { withoutTracking } from "./news";
import { languageOfPath, localPath } from "~/i18n/languages";
import { fillIn, type MessageKey } from "~/i18n/text";
import { interfaceText } from "~/i18n/interface-text.server";
import type { ContentSnapshot } from "~/content/snapshot.server";

interface FeedDescription {
  siteUrl: string;
  organization: string;
  /** The feed's language, and its copyright line in it. */
  language: string;
  copyright: string;
  title: string;
  /** The feed's own path, and the page it mirrors. */
  feedPath: string;
  pagePath: string;
  items: NewsItem[];
}

/**
 * The library marks entry titles and summaries as HTML; escaping the text makes a reader show exactly what
 * staff typed (text stays inert) and keeps "]]>" out of the CDATA.
 */
const asHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Stable ids for feed readers: a tag URI per item (RFC 4151), independent of where the article lives. */
const tagOf = (siteUrl: string, id: string) => `tag:${new URL(siteUrl).hostname},2025:news:${id}`;

export function atomFeed({ siteUrl, organization, language, copyright, title, feedPath, pagePath, items }: FeedDescription): string {
  const updated = items.reduce((latest, i) => (i.updatedAt > latest ? i.updatedAt : latest), new Date(0));
  const feed = new Feed({
    id: tagOf(siteUrl, feedPath),
    title,
    link: `${siteUrl}${pagePath}`,
    feedLinks: { atom: `${siteUrl}${feedPath}` },
    updated: items.length ? updated : new Date(0),
    language,
    author: { name: organization, link: siteUrl },
    copyright,
    generator: false,
  });
  for (const item of items) {
    feed.addItem({
      id: tagOf(siteUrl, item.id),
      title: asHtml(item.title),
      link: withoutTracking(item.originalUrl),
      date: item.updatedAt,
      published: new Date(`${item.publishedDate}T00:00:00Z`),
      description: asHtml(item.excerpt),
      author: [{ name: item.source }],
    });
  }
  // The library writes no language into an Atom feed: the root element carries it (RFC 4287 allows xml:lang).
  return feed
    .atom1()
    .replace('<feed xmlns="http://www.w3.org/2005/Atom">', `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${language}">`);
}

export const atomResponse = (xml: string) =>
  new Response(xml, { headers: { "Content-Type": "application/atom+xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.page } });

/**
 * What every feed says of itself in its address's language: its language, its copyright line, and its
 * addresses in that language (the English ones under its prefix).
 */
export function feedIn(request: Request, content: Pick<ContentSnapshot, "interfaceCorrections" | "site">) {
  const { language } = languageOfPath(new URL(request.url).pathname);
  const text = interfaceText(language, content.interfaceCorrections);
  const organization = content.site.organization.name;
  return {
    organization,
    language,
    copyright: fillIn(language, text["feed.copyright"], { organization }),
    local: (path: string) => localPath(language, path),
    t: (key: MessageKey, values?: Record<string, string | number>) => fillIn(language, text[key], values),
  };
}
