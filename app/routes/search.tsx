import { data, href } from "react-router";
import type { Route } from "./+types/search";
import { SearchForm } from "~/components/search/SearchForm";
import { SearchResults, type SearchLink } from "~/components/search/SearchResults";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { CACHE_CONTROL } from "~/lib/http";
import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { useText } from "~/i18n/text";
import { usePlural } from "~/i18n/plurals";
import { MAX_QUERY_LENGTH, cleanQuery } from "~/search/query";
import { isResultKind } from "~/search/results";
import { languageOfPath } from "~/i18n/languages";

/**
 * What someone searches for can endanger them: the answer is never kept by any cache or indexed, and the
 * query is neither logged (server/http.ts logs paths only) nor stored (docs/product.md, "Search").
 */
const PRIVATE = { "Cache-Control": CACHE_CONTROL.none, "X-Robots-Tag": "noindex" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const params = url.searchParams;
  const { language } = languageOfPath(url.pathname);
  const typed = (params.get("q") ?? "").trim();
  const q = cleanQuery(typed);
  const kind = params.get("type");
  const community = content.communities.find((c) => c.slug === params.get("community"))?.slug ?? null;
  const link: SearchLink = { q, type: isResultKind(kind) ? kind : null, community };
  const communities = content.communities.map((c) => ({ slug: c.slug, name: c.menuLabel }));
  const page = { link, communities, cut: typed.length > MAX_QUERY_LENGTH };
  if (!q) return data({ ...page, answer: null, retryAfter: null }, { headers: PRIVATE });

  const outcome = await ctx.search.search(
    {
      q,
      kind: link.type,
      community,
      page: Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1),
      correct: params.get("exact") !== "1",
      language,
    },
    ctx.hashAddress(ctx.clientAddress),
  );
  if (!outcome.ok)
    return data(
      { ...page, answer: null, retryAfter: outcome.retryAfter },
      { status: 429, headers: { ...PRIVATE, "Retry-After": String(outcome.retryAfter) } },
    );
  return data({ ...page, answer: outcome.answer, retryAfter: null }, { headers: PRIVATE });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const q = loaderData?.link.q;
  const t = metaText(matches);
  return pageMeta({
    title: q ? t("search.resultsFor", { query: q }) : t("search.title"),
    description: t("search.description"),
    path: href("/search"),
    root: rootMeta(matches),
    noindex: true,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { link, communities, answer, retryAfter, cut } = loaderData;
  const { t } = useText();
  const plural = usePlural();
  return (
    <>
      <PageHeader title={t("search.title")} />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <SearchForm landmark={t("search.again")} id="search-page-q" defaultValue={link.q}>
          <label className="block w-full sm:w-auto">
            <span className="block font-semibold text-navy-900">{t("search.community")}</span>
            <select
              name="community"
              defaultValue={link.community ?? ""}
              className="mt-1 block w-full rounded-md border border-sand-700/40 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-navy-600 focus:ring-2 focus:ring-navy-600/40 focus:outline-none"
            >
              <option value="">{t("nav.allCommunities")}</option>
              {communities.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          {link.type ? <input type="hidden" name="type" value={link.type} /> : null}
        </SearchForm>
        {cut ? <p className="mt-4 text-sand-700">{t("search.cut", { max: MAX_QUERY_LENGTH })}</p> : null}
        {retryAfter ? (
          <section className="mt-10" aria-labelledby="too-many">
            <h2 id="too-many" className="font-serif text-2xl font-bold text-navy-900">
              {t("search.tooMany")}
            </h2>
            <p className="mt-3">{plural("search.tooManyText", { seconds: retryAfter })}</p>
          </section>
        ) : (
          <SearchResults link={link} answer={answer} communities={communities} />
        )}
      </div>
    </>
  );
}
