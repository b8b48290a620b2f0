import { href } from "react-router";
import { isLanguageCode, languageOf, languageOfPath, SOURCE_LANGUAGE } from "~/i18n/languages";
import { usePlural } from "~/i18n/plurals";
import { useText, type MessageKey } from "~/i18n/text";
import {
  MATCH_END,
  MATCH_START,
  RESULT_KINDS,
  RESULTS_PER_PAGE,
  type ResultKind,
  type SearchAnswer,
  type SearchResult,
} from "~/search/results";

/** What a results address holds besides the page: every link on the page is built from it. */
export interface SearchLink {
  q: string;
  type: ResultKind | null;
  community: string | null;
}

export function searchHref(link: SearchLink, extra: { page?: number; exact?: boolean } = {}): string {
  const params = new URLSearchParams({ q: link.q });
  if (link.type) params.set("type", link.type);
  if (link.community) params.set("community", link.community);
  if (extra.exact) params.set("exact", "1");
  if (extra.page && extra.page > 1) params.set("page", String(extra.page));
  return `${href("/search")}?${params}`;
}

/** The snippet as text, each match in <mark>: React escapes every character of it. */
function Snippet({ text }: { text: string }) {
  const [before, ...rest] = text.split(MATCH_START);
  return (
    <>
      {before}
      {rest.map((part, i) => {
        const [match, after = ""] = part.split(MATCH_END);
        return (
          <span key={i}>
            <mark className="rounded-sm bg-gold-300/60 px-0.5 text-ink">{match}</mark>
            {after}
          </span>
        );
      })}
    </>
  );
}

const isExternal = (url: string) => /^https?:\/\//.test(url);
const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, "");

/** What each kind of result is called, one and many (RESULT_KINDS lists the kinds). */
const kindName = (kind: ResultKind): MessageKey => `search.kind.${kind}`;
const kindsName = (kind: ResultKind): MessageKey => `search.kinds.${kind}`;

/** What someone typed, or a title, inside the page's sentence: quoted as the language quotes (app.css), isolated. */
const quoted = (words: string) => (
  <q>
    <bdi>{words}</bdi>
  </q>
);

function Result({ result, communityNames }: { result: SearchResult; communityNames: Map<string, string> }) {
  const { t, rich, date, local, language } = useText();
  const external = isExternal(result.href);
  // A result in another language than the page's (English, where a page is not translated) says so, and is marked so.
  const other = result.language !== language && isLanguageCode(result.language) ? languageOf(result.language) : null;
  const marked = other ? { lang: other.code, dir: other.dir } : {};
  const about = result.kind === "news" ? result.communities.map((slug) => communityNames.get(slug) ?? slug) : [];
  // An address on this site, in the page's language (a translated page's already is); shown as the address it leads to.
  const address = external || languageOfPath(result.href).language !== SOURCE_LANGUAGE ? result.href : local(result.href);
  return (
    <li className="border-b border-sand-200 pb-6">
      <p className="text-sm font-semibold tracking-wide text-gold-700 uppercase">
        {t(kindName(result.kind))}
        {result.publishedDate ? (
          <>
            {" · "}
            <time dateTime={result.publishedDate}>{date(result.publishedDate)}</time>
          </>
        ) : null}
        {other ? (
          <>
            {" · "}
            <span lang={other.code}>{other.name}</span>
          </>
        ) : null}
      </p>
      <h2 className="mt-1 font-serif text-xl font-bold text-navy-900" dir="auto" {...marked}>
        <a
          href={address}
          className="underline decoration-gold-400 underline-offset-4 hover:text-navy-600"
          rel={external ? "noreferrer" : undefined}
        >
          {result.title}
        </a>
      </h2>
      <p className="mt-2 text-ink" dir="auto" {...marked}>
        <Snippet text={result.snippet} />
      </p>
      <p className="mt-1 text-sm text-sand-700">
        {external ? t("search.reportOn", { host: hostOf(result.href) }) : <bdi dir="ltr">{address}</bdi>}
        {about.length ? (
          <>
            {" · "}
            {rich("search.about", { communities: <bdi>{about.join(languageOf(language).script === "arabic" ? "، " : ", ")}</bdi> })}
          </>
        ) : null}
      </p>
    </li>
  );
}

function KindFilter({ link, answer }: { link: SearchLink; answer: SearchAnswer }) {
  const { t, number, local } = useText();
  const all = Object.values(answer.counts).reduce((sum, n) => sum + (n ?? 0), 0);
  const kinds = (Object.keys(RESULT_KINDS) as ResultKind[]).filter((k) => answer.counts[k] || k === link.type);
  const item = (type: ResultKind | null, label: string, n: number) => (
    <li key={type ?? "all"}>
      <a
        href={local(searchHref({ ...link, q: answer.query, type }))}
        aria-current={link.type === type ? "page" : undefined}
        className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
          link.type === type ? "border-navy-700 bg-navy-700 text-white" : "border-sand-300 bg-white text-navy-800 hover:border-navy-600"
        }`}
      >
        {label} ({number(n)})
      </a>
    </li>
  );
  return (
    <nav aria-label={t("search.typeOfResult")} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {item(null, t("search.all"), all)}
        {kinds.map((k) => item(k, t(kindsName(k)), answer.counts[k] ?? 0))}
      </ul>
    </nav>
  );
}

function Pages({ link, answer }: { link: SearchLink; answer: SearchAnswer }) {
  const { t, local } = useText();
  if (answer.pages < 2) return null;
  const at = { ...link, q: answer.query };
  return (
    <nav aria-label={t("search.pagesOfResults")} className="mt-8 flex items-center justify-between gap-4">
      {answer.page > 1 ? (
        <a href={local(searchHref(at, { page: answer.page - 1 }))} className="btn-secondary" rel="prev">
          {t("search.previous")}
        </a>
      ) : (
        <span />
      )}
      <p>{t("pagination.pageOf", { page: answer.page, pages: answer.pages })}</p>
      {answer.page < answer.pages ? (
        <a href={local(searchHref(at, { page: answer.page + 1 }))} className="btn-secondary" rel="next">
          {t("search.next")}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** What to try when nothing was found, or nothing has been asked yet. */
function Suggestions({ communities }: { communities: { slug: string; name: string }[] }) {
  const { t, local } = useText();
  return (
    <div className="mt-6 space-y-6">
      <ul className="list-disc space-y-1 ps-6">
        <li>{t("search.suggest.spelling")}</li>
        <li>{t("search.suggest.fewer")}</li>
        <li>{t("search.suggest.phrase")}</li>
      </ul>
      <div>
        <h2 className="font-serif text-xl font-bold text-navy-900">{t("search.suggest.community")}</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {communities.map((c) => (
            <li key={c.slug}>
              <a
                href={local(href("/communities/:community", { community: c.slug }))}
                className="inline-flex min-h-11 items-center rounded-full border border-sand-300 bg-white px-4 text-sm text-navy-800 underline-offset-4 hover:underline"
              >
                {c.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function SearchResults({
  link,
  answer,
  communities,
}: {
  link: SearchLink;
  answer: SearchAnswer | null;
  communities: { slug: string; name: string }[];
}) {
  const { t, rich, local } = useText();
  const plural = usePlural();
  if (!answer)
    return (
      <section aria-labelledby="search-help" className="mt-10">
        <h2 id="search-help" className="font-serif text-2xl font-bold text-navy-900">
          {t("search.findPage")}
        </h2>
        <p className="mt-3">{t("search.help")}</p>
        <Suggestions communities={communities} />
      </section>
    );

  const names = new Map(communities.map((c) => [c.slug, c.name]));
  const first = (answer.page - 1) * RESULTS_PER_PAGE + 1;
  const filtered = Boolean(link.type || link.community);
  return (
    <section aria-labelledby="results-heading" className="mt-8">
      {answer.correctedFrom ? (
        <p className="rounded-md bg-sand-100 p-4">
          {rich("search.corrected", { typed: quoted(answer.correctedFrom), query: <strong>{quoted(answer.query)}</strong> })}{" "}
          <a href={local(searchHref({ ...link, q: answer.correctedFrom }, { exact: true }))} className="underline">
            {rich("search.onlyFor", { typed: quoted(answer.correctedFrom) })}
          </a>
        </p>
      ) : null}
      <h2 id="results-heading" className="mt-6 font-serif text-2xl font-bold text-navy-900">
        {answer.pages > 1
          ? plural("search.resultsShown", {
              count: answer.total,
              query: quoted(answer.query),
              first,
              last: Math.min(first + RESULTS_PER_PAGE - 1, answer.total),
            })
          : plural("search.results", { count: answer.total, query: quoted(answer.query) })}
      </h2>
      {answer.suggestion ? (
        <p className="mt-3 text-lg">
          {rich("search.didYouMean", {
            suggestion: (
              <a href={local(searchHref({ ...link, q: answer.suggestion }))} className="font-semibold underline">
                <bdi>{answer.suggestion}</bdi>
              </a>
            ),
          })}
        </p>
      ) : null}
      {Object.keys(answer.counts).length ? <KindFilter link={link} answer={answer} /> : null}
      {answer.total === 0 ? (
        <>
          {filtered ? (
            <p className="mt-4">
              <a href={local(searchHref({ q: answer.query, type: null, community: null }))} className="font-semibold underline">
                {rich("search.everywhere", { query: quoted(answer.query) })}
              </a>
            </p>
          ) : null}
          <Suggestions communities={communities} />
        </>
      ) : (
        <ol className="mt-8 space-y-6" start={first}>
          {answer.results.map((r) => (
            <Result key={r.key} result={r} communityNames={names} />
          ))}
        </ol>
      )}
      <Pages link={link} answer={answer} />
    </section>
  );
}
