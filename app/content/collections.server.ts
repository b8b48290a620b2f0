/**
 * Builds the site's content from the raw text of the files under app/content/, keyed by their path
 * there ("communities/yazidis.md"). Used by the server (files bundled at build) and by the build-time
 * and test-time checks (files read from disk), so both see exactly the same rules.
 *
 * Each document is parsed on its own, then the rules that span documents (every community present, the
 * board's officers) are checked over them all. Given the parts of earlier builds, a rebuild parses only the
 * documents whose text changed: a save costs its own document, not the site.
 */
import { LRUCache } from "lru-cache";
import { COMMUNITY_SLUGS, IDEOLOGY_SECTIONS, LEGAL_PAGES, type LegalPage } from "./catalog";
import { fillTokens, markdownText, renderInlineMarkdown, renderMarkdown } from "./markdown.server";
import { ContentError, parseMarkdownFile, parseYamlFile, splitSections, validate } from "./parse";
import type { SourcedPage } from "./source-warnings";
import {
  aboutSchema,
  communityBodySchema,
  communitySchema,
  homeSchema,
  ideologySchema,
  legalPageSchema,
  newsSchema,
  partnersSchema,
  siteSchema,
  teamMemberSchema,
  type AboutFields,
  type CommunityFields,
  type HomeFields,
  type IdeologyFields,
  type NewsSeedItem,
  type Partner,
  type SiteSettings,
  type TeamMemberFields,
} from "./schemas";

interface Community extends Omit<CommunityFields, "description"> {
  slug: string;
  menuLabel: string;
  description: string;
  underAttackHtml: string;
  contentHtml?: string;
  cultureHtml?: string;
  historyHtml?: string;
}

interface IdeologyArticle extends Omit<IdeologyFields, "communities"> {
  section: string;
  /** Article body before and after the place where the community list stands. */
  bodyBeforeListHtml: string;
  bodyAfterListHtml: string;
  communities: { name: string; descriptionHtml: string }[];
}

interface TeamMember extends TeamMemberFields {
  id: string;
  board: "directors" | "advisors";
  bioHtml: string;
}

interface LegalPageContent {
  slug: LegalPage;
  title: string;
  description: string;
  lastUpdated: string;
  bodyHtml: string;
}

export interface SiteContent {
  site: SiteSettings;
  home: HomeFields;
  about: AboutFields;
  legal: Record<LegalPage, LegalPageContent>;
  partners: Partner[];
  /** News items that seed the database (staff can add more later). */
  news: NewsSeedItem[];
  communities: Community[];
  ideology: IdeologyArticle[];
  directors: TeamMember[];
  advisors: TeamMember[];
}

/** Where an article's list of communities stands in its text. */
export const COMMUNITY_LIST_MARKER = "<!-- communities -->";

function requireFile(files: Record<string, string>, path: string): string {
  const raw = files[path];
  if (raw === undefined) throw new ContentError(path, "file is missing");
  return raw;
}

function filesIn(files: Record<string, string>, dir: string): [string, string][] {
  return Object.entries(files)
    .filter(([p]) => p.startsWith(`${dir}/`) && p.endsWith(".md") && !p.slice(dir.length + 1).includes("/"))
    .sort(([a], [b]) => a.localeCompare(b));
}

const idOf = (path: string) => path.slice(path.lastIndexOf("/") + 1, -".md".length);

function requireExactly(kind: string, dir: string, found: string[], expected: readonly string[]) {
  const missing = expected.filter((s) => !found.includes(s));
  const extra = found.filter((s) => !expected.includes(s));
  if (missing.length) throw new ContentError(`${dir}/`, `missing ${kind} file(s): ${missing.map((m) => `${m}.md`).join(", ")}`);
  if (extra.length) throw new ContentError(`${dir}/`, `unexpected ${kind} file(s): ${extra.map((m) => `${m}.md`).join(", ")}`);
}

/**
 * Documents parsed by earlier builds, by path, text and the names their Markdown was filled in with. What
 * they hold is frozen: builds share it.
 */
export type ParsedParts = LRUCache<string, object>;
/** Room for every document twice over: the stored text and an editor's unsaved one. */
export const parsedParts = (): ParsedParts => new LRUCache<string, object>({ max: 400 });

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function buildSiteContent(files: Record<string, string>, parts?: ParsedParts): SiteContent {
  /** One document's part, parsed now or taken from an earlier build of the same text. */
  const parsed = <T extends object>(path: string, raw: string, tokensKey: string, parse: () => T): T => {
    if (!parts) return parse();
    const key = `${path}\0${tokensKey}\0${raw}`;
    const known = parts.get(key) as T | undefined;
    if (known) return known;
    const made = deepFreeze(parse());
    parts.set(key, made);
    return made;
  };
  const siteRaw = requireFile(files, "site.yaml");
  const site = parsed("site.yaml", siteRaw, "", () => parseYamlFile("site.yaml", siteRaw, siteSchema));
  const tokens = { organization: markdownText(site.organization.name), email: markdownText(site.email.address) };
  const filled = `${tokens.organization}\0${tokens.email}`;
  const md = (s: string) => renderMarkdown(fillTokens(s, tokens));
  const inline = (s: string) => renderInlineMarkdown(fillTokens(s, tokens));
  const part = <T extends object>(path: string, raw: string, parse: () => T) => parsed(path, raw, filled, parse);
  const required = <T extends object>(path: string, parse: (raw: string) => T) => {
    const raw = requireFile(files, path);
    return part(path, raw, () => parse(raw));
  };

  const home = required("pages/home.md", (raw) => parseMarkdownFile("pages/home.md", raw, homeSchema).data);
  const about = required("pages/about.md", (raw) => parseMarkdownFile("pages/about.md", raw, aboutSchema).data);

  const { partners } = required("partners.yaml", (raw) => parseYamlFile("partners.yaml", raw, partnersSchema));

  const legal = Object.fromEntries(
    LEGAL_PAGES.map((slug) => {
      const path = `pages/${slug}.md`;
      return [
        slug,
        required(path, (raw) => {
          const { data, body } = parseMarkdownFile(path, raw, legalPageSchema);
          if (!body) throw new ContentError(path, "the page has no text");
          return { slug, ...data, bodyHtml: md(body) };
        }),
      ];
    }),
  ) as Record<LegalPage, LegalPageContent>;

  const communities = filesIn(files, "communities").map(([path, raw]): Community =>
    part(path, raw, () => {
      const { data, body } = parseMarkdownFile(path, raw, communitySchema);
      const sections = validate(path, communityBodySchema, splitSections(path, body));
      if (sections.Content && !data.subtitle) throw new ContentError(path, "subtitle: required when the body has a '## Content' section");
      return {
        ...data,
        slug: idOf(path),
        menuLabel: data.menuLabel ?? data.name,
        underAttackHtml: md(sections["Under Attack"]),
        contentHtml: sections.Content ? md(sections.Content) : undefined,
        cultureHtml: sections.Culture ? md(sections.Culture) : undefined,
        historyHtml: sections.History ? md(sections.History) : undefined,
      };
    }),
  );
  requireExactly(
    "community",
    "communities",
    communities.map((c) => c.slug),
    COMMUNITY_SLUGS,
  );
  communities.sort((a, b) => COMMUNITY_SLUGS.indexOf(a.slug as never) - COMMUNITY_SLUGS.indexOf(b.slug as never));

  const ideology = filesIn(files, "ideology").map(([path, raw]): IdeologyArticle =>
    part(path, raw, () => {
      const { data, body } = parseMarkdownFile(path, raw, ideologySchema);
      const [before, after = ""] = body.split(COMMUNITY_LIST_MARKER);
      return {
        ...data,
        section: idOf(path),
        bodyBeforeListHtml: md(before ?? ""),
        bodyAfterListHtml: md(after),
        communities: (data.communities ?? []).map((c) => ({ name: c.name, descriptionHtml: inline(c.description) })),
      };
    }),
  );
  requireExactly(
    "ideology",
    "ideology",
    ideology.map((a) => a.section),
    IDEOLOGY_SECTIONS,
  );
  ideology.sort((a, b) => a.order - b.order);

  const team = (board: "directors" | "advisors") =>
    filesIn(files, `team/${board}`)
      .map(([path, raw]): TeamMember =>
        part(path, raw, () => {
          const { data, body } = parseMarkdownFile(path, raw, teamMemberSchema);
          if (!body) throw new ContentError(path, "the biography is empty");
          return { ...data, id: idOf(path), board, bioHtml: md(body) };
        }),
      )
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));

  const directors = team("directors");
  const advisors = team("advisors");
  const listedDirectors = directors.filter((m) => m.listed);
  if (listedDirectors.length === 0) throw new ContentError("team/directors/", "the board of directors shows at least one member");
  const officers = directors.filter((m) => !m.listed).map((m) => m.title);
  for (const office of ["Chairman", "Vice Chairman", "Treasurer", "Secretary"]) {
    if (!officers.includes(office as never))
      throw new ContentError("team/directors/", `missing the officer record '${office}' (listed: false)`);
  }
  if (listedDirectors.some((m) => !["Director", "Chairman", "President"].includes(m.title))) {
    throw new ContentError("team/directors/", "directors shown on the board are titled Director, Chairman or President");
  }
  if (advisors.length === 0) throw new ContentError("team/advisors/", "the board of advisors has at least one member");
  if (advisors.some((m) => m.title !== "Advisor")) throw new ContentError("team/advisors/", "every advisor is titled Advisor");

  const newsRaw = files["news.yaml"];
  const news = newsRaw === undefined ? [] : part("news.yaml", newsRaw, () => parseYamlFile("news.yaml", newsRaw, newsSchema)).items;
  const seen = new Set<string>();
  for (const item of news) {
    if (seen.has(item.id)) throw new ContentError("news.yaml", `id '${item.id}' appears twice`);
    seen.add(item.id);
    const unknown = item.communities.filter((c) => !COMMUNITY_SLUGS.includes(c as never));
    if (unknown.length) throw new ContentError("news.yaml", `items.${item.id}.communities: unknown community ${unknown.join(", ")}`);
  }

  return { site, home, about, legal, partners, news, communities, ideology, directors, advisors };
}

/** Every entry the organisation still has to supply, for `npm run content:check`. */
export function listPlaceholders(content: SiteContent): string[] {
  const out: string[] = [];
  const { site } = content;
  if (site.organization.placeholder) out.push(`site.yaml: organization name (${site.organization.name})`);
  if (site.email.placeholder) out.push(`site.yaml: contact email (${site.email.address})`);
  if (site.social.placeholder) out.push("site.yaml: social media links");
  if (site.donation.placeholder) out.push("site.yaml: donation widget and hosted donation page");
  if (site.homeVideo.placeholder) out.push("site.yaml: home page video id");
  if (content.about.featuredArticle.placeholder) out.push("pages/about.md: featured article");
  for (const p of content.partners) if (p.placeholder) out.push(`partners.yaml: ${p.name}`);
  for (const c of content.communities) if (c.image.placeholder) out.push(`communities/${c.slug}.md: photograph and credit`);
  for (const a of content.ideology) {
    if (a.image.placeholder) out.push(`ideology/${a.section}.md: photograph and credit`);
    if (a.video?.placeholder) out.push(`ideology/${a.section}.md: video id`);
    for (const p of a.perspectives ?? []) if (p.placeholder) out.push(`ideology/${a.section}.md: social post (${p.title})`);
    if (a.tweet?.placeholder) out.push(`ideology/${a.section}.md: post on X`);
  }
  for (const m of [...content.directors, ...content.advisors])
    if (m.placeholder) out.push(`team/${m.board}/${m.id}.md: ${m.name} (name, biography, portrait)`);
  return out;
}

/** Pages whose claims must be traceable (issue 12): every community page and ideology article. */
const MIN_SOURCES = 3;
const REVIEW_MONTHS = 12;

/** The prose an editor checks against the sources, without its markup (addresses in links are not figures). */
const proseOf = (...html: (string | undefined)[]) => html.map((h) => (h ?? "").replace(/<[^>]+>/g, " ")).join("\n");

/** Every page that cites sources, and each news item with the one it reports, for `sourceWarnings`. */
export function sourcedPages(content: SiteContent): SourcedPage[] {
  return [
    ...content.communities.map((c) => ({
      path: `communities/${c.slug}.md`,
      text: proseOf(c.description, c.underAttackHtml, c.contentHtml, c.cultureHtml, c.historyHtml),
      sources: c.sources,
    })),
    ...content.ideology.map((a) => ({
      path: `ideology/${a.section}.md`,
      text: proseOf(a.bodyBeforeListHtml, a.bodyAfterListHtml, ...a.communities.map((c) => c.descriptionHtml)),
      sources: a.sources,
    })),
    ...content.news.map((n) => ({
      path: `news.yaml#${n.id}`,
      text: proseOf(n.title, n.excerpt),
      sources: [{ url: n.originalUrl, date: n.publishedDate, publisher: n.source }],
    })),
  ];
}

/**
 * What an editor must fix before a page can be trusted: fewer than three sources or no review date
 * (`missing`, which fails `content:check`), and reviews older than twelve months (`stale`, a reminder).
 */
export function reviewProblems(content: SiteContent, today = new Date()): { missing: string[]; stale: string[] } {
  const cutoff = new Date(today);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - REVIEW_MONTHS);
  const pages = [
    ...content.communities.map((c) => ({ path: `communities/${c.slug}.md`, ...c })),
    ...content.ideology.map((a) => ({ path: `ideology/${a.section}.md`, ...a })),
  ];
  const missing: string[] = [];
  const stale: string[] = [];
  for (const p of pages) {
    if (p.sources.length < MIN_SOURCES) missing.push(`${p.path}: ${p.sources.length} source(s), needs at least ${MIN_SOURCES}`);
    if (!p.lastReviewed) missing.push(`${p.path}: no lastReviewed date`);
    else if (new Date(`${p.lastReviewed}T00:00:00Z`) < cutoff) stale.push(`${p.path}: last reviewed ${p.lastReviewed}`);
  }
  return { missing, stale };
}
