/**
 * What `npm run content:check` can tell an editor about a page's sources without reading them: a copy where
 * the original should be cited (an AMP page, a feed host, a known mirror or aggregator), an address with a
 * query string, a page that gives figures for years later than its newest source, and an event whose toll
 * differs from page to page (`event-tolls.ts`). These are warnings: each needs an editor's judgement, so none
 * stops the build.
 */
import { tollWarnings } from "./event-tolls";

/** A source as the pages and news.yaml cite it. */
export interface CitedSource {
  url: string;
  date: string;
}

/** A page of prose with its sources. */
export interface SourcedPage {
  path: string;
  text: string;
  sources: CitedSource[];
}

/**
 * Hosts that republish what another publisher wrote, with the original to cite instead. A host here matches
 * itself and its subdomains.
 */
const COPIES: Record<string, string> = {
  "newsbytesapp.com": "an aggregator's rewrite: cite the outlet it rewrites",
  "msn.com": "an aggregator's copy: cite the outlet that published it",
  "news.yahoo.com": "an aggregator's copy: cite the outlet that published it",
  "ground.news": "an aggregator: cite the outlet that published it",
  "un.dk": "UN City Copenhagen reposts UN News: cite news.un.org",
  "ica.org": "a repost of a UN press release: cite press.un.org",
  "web.archive.org": "an archived copy: cite the publisher's page, or say why the archive is needed",
  "archive.ph": "an archived copy: cite the publisher's page",
  "archive.today": "an archived copy: cite the publisher's page",
  "studylib.net": "a document mirror: cite the publisher's own copy",
  "docslib.org": "a document mirror: cite the publisher's own copy",
  "vdocuments.net": "a document mirror: cite the publisher's own copy",
  "paperzz.com": "a document mirror: cite the publisher's own copy",
};

/**
 * Sites whose canonical addresses carry the article's id in the query, with that parameter; any other query
 * string (a WordPress `?p=` short link, tracking) is not the page's canonical address.
 */
const CANONICAL_QUERIES: Record<string, string> = {
  "catholicculture.org": "storyid",
  "universityworldnews.com": "story",
  "webwire.com": "aId",
  "abcnews.go.com": "id",
};

/** Feed hosts serve a publisher's articles at addresses that are not its canonical pages. */
const FEED_HOST = /^(?:feeds?|rss)\./;
/** AMP copies: an `amp.` host, an `/amp` path segment, a `-amp` or `.amp` page name. */
const AMP_HOST = /^amp\./;
const AMP_PATH = /(?:\/amp(?:\/|\.html?)?$|\/amp\/|[-.]amp(?:\.html?)?\/?$)/i;

/**
 * A page reached through another language's edition of the site (`/ja/node/256479` on hrw.org): the pages cite
 * in English, and the publisher's English address is the canonical one. A plain `/node/…` address is left
 * alone: some publishers (Arab News) use it as their canonical form.
 */
const OTHER_LANGUAGE_NODE = /^\/(?!en(?:-[a-z]{2})?\/)[a-z]{2}(?:-[a-z]{2})?\/node\/\d+/i;

const YEAR = /\b(19[5-9]\d|20\d\d)\b/g;

function hostMatches(host: string, listed: string): boolean {
  return host === listed || host.endsWith(`.${listed}`);
}

/** What is wrong with one source's address, or null. */
export function addressWarning(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "not a valid address";
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (AMP_HOST.test(host) || AMP_PATH.test(url.pathname)) return "an AMP copy: cite the publisher's canonical page";
  if (FEED_HOST.test(host)) return "a feed host: cite the publisher's canonical page";
  if (OTHER_LANGUAGE_NODE.test(url.pathname)) return "another language edition's address: cite the publisher's English page";
  const copy = Object.keys(COPIES).find((listed) => hostMatches(host, listed));
  if (copy) return COPIES[copy]!;
  const idParameter = Object.entries(CANONICAL_QUERIES).find(([listed]) => hostMatches(host, listed))?.[1];
  const extra = [...url.searchParams.keys()].filter((name) => name !== idParameter);
  if (extra.length) return `a query string (${extra.join(", ")}): cite the page's canonical address`;
  return null;
}

/** The latest year a text names, up to `today`'s year (a later one is a plan or a target, not a figure). */
function latestYearNamed(text: string, today: Date): number | null {
  const years = [...text.matchAll(YEAR)].map((m) => Number(m[1])).filter((y) => y <= today.getUTCFullYear());
  return years.length ? Math.max(...years) : null;
}

/** Every warning for every page: `path: url: why` lines, one line per page for the years, one per event told differently. */
export function sourceWarnings(pages: SourcedPage[], today = new Date()): string[] {
  const warnings: string[] = [];
  for (const page of pages) {
    for (const source of page.sources) {
      const why = addressWarning(source.url);
      if (why) warnings.push(`${page.path}: ${source.url}: ${why}`);
    }
    if (page.sources.length === 0) continue;
    const named = latestYearNamed(page.text, today);
    const newest = Math.max(...page.sources.map((s) => Number(s.date.slice(0, 4))));
    if (named !== null && named > newest) {
      warnings.push(
        `${page.path}: names ${named}, but its newest source is from ${newest}: a figure for ${named} needs a source that gives it`,
      );
    }
  }
  return [...warnings, ...tollWarnings(pages)];
}
