/**
 * What `npm run content:check` can tell an editor about a page's sources without reading them: a copy where
 * the original should be cited (an AMP page, a feed host, a known mirror or aggregator), an address with a
 * query string, a page that gives figures for years later than its newest source, and an event whose toll
 * differs from page to page (`event-tolls.ts`). These are warnings: each needs an editor's judgement, so none
 * stops the build.
 */
import sourceHosts from "./source-hosts.json";
import { tollWarnings } from "./event-tolls";

/** A source as the pages and news.yaml cite it. */
export interface CitedSource {
  url: string;
  date: string;
  /** As the page credits it: "Haaretz (Reuters)" for an agency's story in a newspaper. */
  publisher?: string;
}

/** A page of prose with its sources. */
export interface SourcedPage {
  path: string;
  text: string;
  sources: CitedSource[];
}

/**
 * The hosts an editor should not cite, kept as data (`source-hosts.json`) so that an editor can add one with its
 * reason: retired addresses with the publisher's address now; copies (aggregators, mirrors, reposts) with what
 * to cite instead; and hosts whose agency stories are copies of the wire (their own reporting is fine), which
 * are flagged only when the source credits an agency. A host matches itself and its subdomains.
 */
const HOSTS: {
  retired: Record<string, { now: string; reason: string }>;
  copies: Record<string, { reason: string }>;
  agencyCopies: Record<string, { reason: string }>;
} = sourceHosts;

/** The news agencies whose stories newspapers credit in brackets: "Hamodia (Reuters)". */
const AGENCIES: Record<string, string> = {
  Reuters: "reuters.com",
  AP: "apnews.com",
  "Associated Press": "apnews.com",
  "The Associated Press": "apnews.com",
  AFP: "afp.com",
  "Agence France-Presse": "afp.com",
};
const AGENCY_CREDIT = new RegExp(`\\((${Object.keys(AGENCIES).join("|")})\\)`);

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

const listed = <T>(list: Record<string, T>, host: string): T | undefined => {
  const key = Object.keys(list).find((entry) => hostMatches(host, entry));
  return key === undefined ? undefined : list[key];
};

/** What is wrong with one source's address (and, given, its publisher's credit), or null. */
export function addressWarning(address: string, publisher?: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "not a valid address";
  }
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  const retired = listed(HOSTS.retired, host);
  if (retired) return `a retired address (${retired.reason}): cite the page at ${retired.now}`;
  const agency = publisher ? AGENCY_CREDIT.exec(publisher)?.[1] : undefined;
  const wireCopy = agency ? listed(HOSTS.agencyCopies, host) : undefined;
  if (agency && wireCopy)
    return `${agency}'s story on a host that ${wireCopy.reason}: cite it at ${AGENCIES[agency]}, or a newspaper's own edition`;
  if (AMP_HOST.test(host) || AMP_PATH.test(url.pathname)) return "an AMP copy: cite the publisher's canonical page";
  if (FEED_HOST.test(host)) return "a feed host: cite the publisher's canonical page";
  if (OTHER_LANGUAGE_NODE.test(url.pathname)) return "another language edition's address: cite the publisher's English page";
  const copy = listed(HOSTS.copies, host);
  if (copy) return copy.reason;
  const idParameter = listed(CANONICAL_QUERIES, host);
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
      const why = addressWarning(source.url, source.publisher);
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
