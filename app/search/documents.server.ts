/**
 * Everything a visitor can read, as search documents: each community page, article, board member with a
 * page of their own, published news item and other page, the lists among them (the boards, a community's
 * news), in the words the visitor sees (the rendered HTML as text), in three parts the index weighs
 * differently: title, summary, body; and the communities each is about, for the filter (a community's own
 * page, an article's "Communities targeted", a news item's tags).
 */
import { href } from "react-router";
import { Parser } from "htmlparser2";
import type { SiteContent } from "~/content/collections.server";
import { BOARD_PAGES, FIXED_PAGES } from "~/content/fixed-pages";
import { BOARD_TITLE, ROLE_TEXT } from "~/content/team-words";
import { interfaceText, type InterfaceCorrections } from "~/i18n/interface-text.server";
import { SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";
import { fillIn } from "~/i18n/text";
import type { Source } from "~/content/schemas";
import type { NewsItem } from "~/news/queries.server";
import { fold } from "./query";
import { MATCH_END, MATCH_START, type ResultKind } from "./results";

export interface SearchDocument {
  key: string;
  language: string;
  kind: ResultKind;
  href: string;
  title: string;
  summary: string;
  body: string;
  /** Other names it goes by (a community's adjective): weighed as the title, never shown. */
  names: string;
  /** What the page cites (publisher and title of each source): found, but weighed least. */
  cited: string;
  communities: string[];
  publishedDate: string | null;
}

/** The text of rendered HTML, as a reader sees it: tags gone, entities decoded, blocks apart, no match marks. */
export function textOf(...html: (string | undefined)[]): string {
  let out = "";
  const parser = new Parser(
    {
      ontext: (text) => void (out += text),
      onopentag: () => void (out += " "),
      onclosetag: () => void (out += " "),
    },
    { decodeEntities: true },
  );
  for (const part of html) {
    parser.write(part ?? "");
    out += "\n";
  }
  parser.end();
  return out.replaceAll(MATCH_START, "").replaceAll(MATCH_END, "").replace(/\s+/g, " ").trim();
}

const citedIn = (sources: Source[]) => sources.map((s) => `${s.publisher}: ${s.title}.`).join(" ");

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(" ");

type DocumentFields = Omit<SearchDocument, "language" | "communities" | "publishedDate" | "names" | "cited"> & Partial<SearchDocument>;
const documentIn =
  (language: string) =>
  (d: DocumentFields): SearchDocument => ({ language, names: "", cited: "", communities: [], publishedDate: null, ...d });

/** The kinds of document an edition of the content makes; news items come from the database. */
export const PAGE_KINDS: ResultKind[] = ["community", "article", "person", "page"];

/** Every published news item as a search document. */
export function newsDocuments(news: (NewsItem & { communities: string[] })[], language = "en"): SearchDocument[] {
  const doc = documentIn(language);
  return news.map((n) =>
    doc({
      key: newsKey(n.id),
      kind: "news",
      href: n.originalUrl,
      title: n.title,
      summary: n.excerpt,
      body: n.source,
      communities: n.communities,
      publishedDate: n.publishedDate,
    }),
  );
}

export const newsKey = (id: string) => `news:${id}`;

/**
 * Every page and person of an edition of the content as a search document, in `language`: the edition's words
 * (its translations, where it has them), and the interface's words, with staff's corrections, where a page's
 * are the interface's (a role, a board, the contact page's title).
 */
export function pageDocuments(
  content: SiteContent & { interfaceCorrections?: InterfaceCorrections },
  language: LanguageCode = SOURCE_LANGUAGE,
): SearchDocument[] {
  const doc = documentIn(language);
  const text = interfaceText(language, content.interfaceCorrections);
  const { about, legal } = content;
  // An article's "Communities targeted" list names each community as its page does; a name no page has links nothing.
  const communityNamed = new Map(content.communities.map((c) => [fold(c.name), c.slug]));
  const communitiesListedIn = (article: SiteContent["ideology"][number]) =>
    article.communities.flatMap((c) => communityNamed.get(fold(c.name)) ?? []);
  return [
    ...content.communities.map((c) =>
      doc({
        key: `community:${c.slug}`,
        kind: "community",
        href: href("/communities/:community", { community: c.slug }),
        title: c.name,
        names: join(c.adjective, c.menuLabel),
        summary: join(c.description, c.subtitle),
        body: textOf(c.underAttackHtml, c.contentHtml, c.cultureHtml, c.historyHtml),
        cited: citedIn(c.sources),
        communities: [c.slug],
      }),
    ),
    ...content.ideology.map((a) =>
      doc({
        key: `article:${a.section}`,
        kind: "article",
        href: href("/ideology/:section", { section: a.section }),
        title: a.title,
        summary: join(a.description, a.heading, a.boldText),
        body: textOf(
          a.bodyBeforeListHtml,
          ...a.communities.map((c) => `<p>${c.name}</p>${c.descriptionHtml}`),
          a.bodyAfterListHtml,
          ...(a.labels ?? []).map((l) => `<p>${l.term}. ${l.usedAgainst}. ${l.meaning}</p>`),
        ),
        cited: citedIn(a.sources),
        communities: communitiesListedIn(a),
      }),
    ),
    ...[...content.directors.filter((m) => m.listed), ...content.advisors].map((m) =>
      doc({
        key: `person:${m.board}/${m.id}`,
        kind: "person",
        href: m.board === "directors" ? href("/team/director/:id", { id: m.id }) : href("/team/advisor/:id", { id: m.id }),
        title: m.name,
        summary: fillIn(language, text["team.roleOnBoard"], {
          role: text[ROLE_TEXT[m.title]],
          board: text[BOARD_TITLE[m.board]],
        }),
        body: textOf(m.bioHtml),
      }),
    ),
    doc({
      key: "page:about",
      kind: "page",
      href: href("/about"),
      title: about.title,
      summary: about.description,
      body: join(about.mission, about.vision, ...about.pillars.map((p) => `${p.title}. ${p.text}`), about.approachIntro),
    }),
    ...Object.values(legal).map((page) =>
      doc({
        key: `page:${page.slug}`,
        kind: "page",
        href: page.slug === "privacy-policy" ? href("/privacy-policy") : href("/terms-of-use"),
        title: page.title,
        summary: page.description,
        body: textOf(page.bodyHtml),
      }),
    ),
    ...everyLanguageDocuments(content, language),
  ];
}

type EveryLanguageContent = Pick<SiteContent, "partners" | "communities" | "directors" | "advisors"> & {
  interfaceCorrections?: InterfaceCorrections;
};

/**
 * The pages every language has, whatever it has translated, in `language` with staff's corrections: the fixed
 * pages and the lists (fixedPageDocuments, listPageDocuments).
 */
export function everyLanguageDocuments(content: EveryLanguageContent, language: LanguageCode): SearchDocument[] {
  const doc = documentIn(language);
  const text = interfaceText(language, content.interfaceCorrections);
  return [...fixedPageDocuments(content, language, doc, text), ...listPageDocuments(content, language, doc, text)];
}

type Text = ReturnType<typeof interfaceText>;

/**
 * The pages whose words are the interface's (contact, donate…), in `language` with staff's corrections: every
 * language has them, whatever it has translated. The partners page lists the edition's partners.
 */
function fixedPageDocuments(content: EveryLanguageContent, language: LanguageCode, doc: ReturnType<typeof documentIn>, text: Text) {
  return Object.entries(FIXED_PAGES).map(([id, page]) =>
    doc({
      key: `page:${id}`,
      kind: "page",
      href: page.path,
      title: text[page.title],
      summary: text[page.description],
      body: id === "partners" ? content.partners.map((p) => join(p.name, p.description)).join(" ") : "",
    }),
  );
}

/**
 * The lists of documents, which every language has too (docs/i18n.md, "Pages in every language"): each board,
 * titled and described as its page is, with the members its grid shows, by name and role (the name the
 * edition's, the role the interface's); and each community's news (every community has its page, saying so
 * when it has no news yet), found with the community's filter. The items are documents of their own.
 */
function listPageDocuments(content: EveryLanguageContent, language: LanguageCode, doc: ReturnType<typeof documentIn>, text: Text) {
  return [
    ...(["directors", "advisors"] as const).map((board) =>
      doc({
        key: boardListKey(board),
        kind: "page",
        href: BOARD_PAGES[board].path,
        title: text[BOARD_PAGES[board].title],
        summary: text[BOARD_PAGES[board].description],
        body: content[board]
          .filter((m) => m.listed)
          .map((m) => `${m.name}, ${text[ROLE_TEXT[m.title]]}.`)
          .join(" "),
      }),
    ),
    ...content.communities.map((c) =>
      doc({
        key: newsListKey(c.slug),
        kind: "page",
        href: href("/communities/:community/news", { community: c.slug }),
        title: fillIn(language, text["community.newsFeed"], { name: c.name }),
        summary: fillIn(language, text["communityNews.description"], { name: c.name }),
        body: "",
        communities: [c.slug],
      }),
    ),
  ];
}

/** A list page's key: `page:` and a name no content page has (those are about, privacy-policy, terms-of-use). */
export const boardListKey = (board: keyof typeof BOARD_PAGES) => `page:board-of-${board}`;
export const newsListKey = (slug: string) => `page:news/${slug}`;

/**
 * The content document a page's search document is made from (a community's page from its file), for the
 * translations: a language indexes the pages whose document it has published. The fixed pages (contact,
 * donate…) and the lists (the boards, a community's news) have none: their words are the interface's, in every
 * language (everyLanguageDocuments).
 */
export function documentPathOfKey(key: string): string | null {
  const [kind, id = ""] = key.split(/:(.*)/s);
  switch (kind) {
    case "community":
      return `communities/${id}.md`;
    case "article":
      return `ideology/${id}.md`;
    case "person":
      return `team/${id}.md`;
    case "page":
      return ["about", "privacy-policy", "terms-of-use"].includes(id) ? `pages/${id}.md` : null;
    default:
      return null;
  }
}
