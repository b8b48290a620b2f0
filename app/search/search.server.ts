/**
 * A search over the index (index.server.ts): the visitor's query, widened by other spellings (query.ts),
 * as a tsquery built from parameters; results ranked by where the words stand (title, then summary, then
 * body), a little higher for recent news; a snippet with the matches between private-use marks, which the
 * page turns into <mark> and escapes everything else; and, when nothing matches, the nearest words the
 * site itself uses (pg_trgm). Nothing here keeps or logs the query.
 */
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { searchDocuments } from "../../db/schema";
import { searchable, textSearchConfig } from "./index.server";
import { MATCH_END, MATCH_START, RESULTS_PER_PAGE, type ResultKind, type SearchAnswer, type SearchResult } from "./results";
import { fold, parseQuery, replaceWord, type Alternative } from "./query";
import { snippetPassage } from "./snippet";
import { SOURCE_LANGUAGE } from "~/i18n/languages";

export interface SearchRequest {
  q: string;
  kind: ResultKind | null;
  community: string | null;
  page: number;
  /** False: search for exactly what was typed, even when a correction would find something. */
  correct?: boolean;
  language?: string;
}

/** Title (A) weighs most, then summary (B), then body (C), then the sources cited (D). */
const WEIGHTS = sql.raw(`'{0.05, 0.2, 0.5, 1.0}'::float4[]`);
/** A related name (spellings.ts) counts for this much of the name asked for. */
const RELATED_SHARE = 0.3;
/** A news item counts half as much as a page about the same subject, before its recency. */
const NEWS_WEIGHT = 0.5;
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=32, MinWords=14`;

function alternativeQuery(config: string, alternative: Alternative): SQL {
  if (alternative.prefix) return sql`to_tsquery(${config}::regconfig, ${`${alternative.text}:*`})`;
  const text = alternative.phrase ? `"${alternative.text.replace(/"/g, " ")}"` : alternative.text;
  return sql`websearch_to_tsquery(${config}::regconfig, ${text})`;
}

const anyOf = (parts: SQL[]) => parts.reduce((a, b) => sql`(${a} || ${b})`);
const allOf = (parts: SQL[]) => parts.reduce((a, b) => sql`(${a} && ${b})`);

/** The tsquery of a parsed query, with or without the related names; null when nothing is left to look for. */
function tsquery(config: string, parsed: ReturnType<typeof parseQuery>, withRelated: boolean): SQL | null {
  const pick = (alternatives: Alternative[]) =>
    alternatives.filter((a) => withRelated || !a.related).map((a) => alternativeQuery(config, a));
  const terms = parsed.terms
    .map(pick)
    .filter((t) => t.length)
    .map(anyOf);
  if (!terms.length) return null;
  const excluded = parsed.excluded
    .map(pick)
    .filter((t) => t.length)
    .map((t) => sql`!!${anyOf(t)}`);
  return allOf([...terms, ...excluded]);
}

interface Plan {
  wide: SQL;
  /** Without the related names; null when the query has none (then it is the same as `wide`). */
  primary: SQL | null;
  language: string;
  config: string;
  /** The words looked for, folded: where a long page's snippet is taken from (snippet.ts). */
  words: string[];
}

function plan(q: string, language: string): Plan | null {
  const config = textSearchConfig(language);
  const parsed = parseQuery(searchable(language, q));
  const wide = tsquery(config, parsed, true);
  const hasRelated = [...parsed.terms, ...parsed.excluded].flat().some((a) => a.related);
  const primary = hasRelated ? tsquery(config, parsed, false) : null;
  const words = parsed.terms.flat().flatMap((a) => fold(a.text).split(" "));
  return wide && (primary || !hasRelated) ? { wide, primary, language, config, words } : null;
}

type Found = Omit<SearchAnswer, "query" | "correctedFrom" | "suggestion"> & { matched: number };

/**
 * The matches of the plans, one per language: the page's language first, then English for the pages not
 * translated into it (a translated page is found in its translation only).
 */
async function find(db: Database, plans: Plan[], request: SearchRequest): Promise<Found> {
  const [first] = plans as [Plan, ...Plan[]];
  const inLanguage = (p: Plan) =>
    and(
      eq(searchDocuments.language, p.language),
      sql`${searchDocuments.document} @@ ${p.wide}`,
      p === first
        ? undefined
        : sql`not exists (select 1 from ${searchDocuments} t where t.key = ${searchDocuments.key} and t.language = ${first.language})`,
    )!;
  const matches = and(
    plans.length === 1 ? inLanguage(first) : or(...plans.map(inLanguage)),
    request.community ? sql`${request.community} = any(${searchDocuments.communities})` : undefined,
  );
  const countRows = await db
    .select({ kind: searchDocuments.kind, n: sql<number>`count(*)::int` })
    .from(searchDocuments)
    .where(matches)
    .groupBy(searchDocuments.kind);
  const counts = Object.fromEntries(countRows.map((r) => [r.kind, r.n])) as Partial<Record<ResultKind, number>>;
  const matched = countRows.reduce((sum, r) => sum + r.n, 0);
  const total = request.kind ? (counts[request.kind] ?? 0) : matched;
  const pages = Math.max(1, Math.ceil(total / RESULTS_PER_PAGE));
  const page = Math.min(Math.max(1, request.page), pages);
  if (total === 0) return { counts, matched, total, page, pages, results: [] };

  // A page about a subject before a news item that mentions it; among news, recent items first: an item of
  // today counts half as much again as an old one, an item of three months a quarter.
  const weight = sql`case when ${searchDocuments.kind} = 'news' and ${searchDocuments.publishedDate} is not null
    then ${NEWS_WEIGHT} * (1 + 0.5 / (1 + greatest(0, current_date - ${searchDocuments.publishedDate}) / 90.0)) else 1 end`;
  // Cover density counts every passage that matches, so the page about a subject outranks one that names it
  // once; lengths are not evened out, since the long pages are the ones about something.
  // Ranked once when no related name widens the query: the sum below would only double the same rank.
  const relevance = (p: Plan) =>
    p.primary
      ? sql`(ts_rank_cd(${WEIGHTS}, ${searchDocuments.document}, ${p.primary}) + ${RELATED_SHARE} * ts_rank_cd(${WEIGHTS}, ${searchDocuments.document}, ${p.wide}))`
      : sql`ts_rank_cd(${WEIGHTS}, ${searchDocuments.document}, ${p.wide})`;
  const byLanguage = (each: (p: Plan) => SQL) =>
    plans.length === 1
      ? each(first)
      : sql`case ${sql.join(
          plans.map((p) => sql`when ${searchDocuments.language} = ${p.language} then ${each(p)}`),
          sql` `,
        )} end`;
  const rank = sql`${byLanguage(relevance)} * ${weight}`;
  const rows = await db
    .select({
      key: searchDocuments.key,
      language: searchDocuments.language,
      kind: searchDocuments.kind,
      href: searchDocuments.href,
      title: searchDocuments.title,
      text: sql<string>`${searchDocuments.summary} || ' ' || ${searchDocuments.body}`,
      publishedDate: searchDocuments.publishedDate,
      communities: searchDocuments.communities,
    })
    .from(searchDocuments)
    .where(and(matches, request.kind ? eq(searchDocuments.kind, request.kind) : undefined))
    .orderBy(
      ...(plans.length === 1 ? [] : [sql`${searchDocuments.language} = ${first.language} desc`]),
      sql`${rank} desc`,
      sql`${searchDocuments.publishedDate} desc nulls last`,
      searchDocuments.key,
    )
    .limit(RESULTS_PER_PAGE)
    .offset((page - 1) * RESULTS_PER_PAGE);
  // Snippets for the page's results only, each from the passage of its text where the words stand, marked
  // by its own language's query.
  const results: (Omit<(typeof rows)[number], "text"> & { snippet: string; order: number })[] = [];
  for (const p of plans) {
    const own = rows.filter((r) => r.language === p.language);
    if (!own.length) continue;
    const passages = own.map((r) => snippetPassage(r.text, p.words));
    const snippets = (await db.execute(sql`
      select ts_headline(${p.config}::regconfig, passage, ${p.wide}, ${HEADLINE_OPTIONS}) as snippet
      from unnest(${sql.param(passages)}::text[]) with ordinality as p(passage, n) order by n`)) as unknown as {
      rows: { snippet: string }[];
    };
    own.forEach(({ text: _, ...r }, i) => results.push({ ...r, snippet: snippets.rows[i]!.snippet, order: rows.indexOf(own[i]!) }));
  }
  results.sort((a, b) => a.order - b.order);
  return {
    counts,
    matched,
    total,
    page,
    pages,
    results: results.map(({ order: _, ...r }) => r) as SearchResult[],
  };
}

/** For each word the site never uses, the closest one it does, if any is close enough. */
async function corrections(db: Database, words: string[], language: string): Promise<Map<string, string>> {
  const candidates = [...new Set(words.filter((w) => w.length >= 3 && /\p{L}/u.test(w)))];
  if (!candidates.length) return new Map();
  const rows = (await db.execute(sql`
    select w.input, (
      select s.word from search_words s
      where s.language = ${language} and s.word % w.input
      order by similarity(s.word, w.input) desc, s.documents desc, s.word limit 1
    ) as suggestion
    from unnest(${sql.param(candidates)}::text[]) as w(input)
    where not exists (select 1 from search_words s where s.language = ${language} and s.word = w.input)`)) as unknown as {
    rows: { input: string; suggestion: string | null }[];
  };
  return new Map(rows.rows.filter((r) => r.suggestion).map((r) => [r.input, r.suggestion!]));
}

const answer = ({ matched: _, ...found }: Found, query: string, correctedFrom: string | null, suggestion: string | null): SearchAnswer => ({
  query,
  correctedFrom,
  suggestion,
  ...found,
});

/**
 * Nothing found: the query with each word the site never uses replaced by the closest one it does. The
 * results are for the correction, or (asked for exactly what was typed) the correction is only offered;
 * a correction that finds nothing either is not offered at all.
 */
export async function runSearch(db: Database, request: SearchRequest): Promise<SearchAnswer> {
  const language = request.language ?? SOURCE_LANGUAGE;
  const empty: Found = { counts: {}, matched: 0, total: 0, page: 1, pages: 1, results: [] };
  // In another language, its own pages first, then the English of the pages not translated.
  const plansFor = (q: string) =>
    [plan(q, language), ...(language === SOURCE_LANGUAGE ? [] : [plan(q, SOURCE_LANGUAGE)])].filter((p): p is Plan => p !== null);
  const first = plansFor(request.q);
  const found = first.length ? await find(db, first, request) : empty;
  if (found.matched > 0 || !first.length) return answer(found, request.q, null, null);

  const fixes = await corrections(db, parseQuery(searchable(language, request.q)).words, language);
  if (!fixes.size) return answer(found, request.q, null, null);
  let corrected = request.q;
  for (const [from, to] of fixes) corrected = replaceWord(corrected, from, to);
  const second = plansFor(corrected);
  const refound = second.length ? await find(db, second, request) : empty;
  if (refound.matched === 0) return answer(found, request.q, null, null);
  return request.correct === false ? answer(found, request.q, null, corrected) : answer(refound, corrected, request.q, null);
}
