import { href } from "react-router";
import type { Route } from "./+types/communities.$community.news";
import { NewsEntry } from "~/components/ui/NewsEntry";
import { errorBoundary, notFoundMeta, type NotFoundPage } from "~/components/ui/ErrorViews";
import { notFound } from "~/lib/responses";
import { PageHeader } from "~/components/ui/PageHeader";
import { communityBySlug } from "~/content/snapshot.server";
import { appContext } from "~/context.server";
import { liveNewsHeaders } from "~/lib/http";
import { feedLink, pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { useText } from "~/i18n/text";
import { usePlural } from "~/i18n/plurals";
import { englishText } from "~/i18n/interface-lang";
import { languageOfPath } from "~/i18n/languages";
import { inPageLanguage } from "~/content/page-languages.server";
import { Arrow } from "~/components/ui/Arrow";

/**
 * Every published item about one community, in the order its page shows them, 20 to a page. The page is in
 * every language (its words are the interface's); the community's name and each item are in their own, English
 * until translated.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const community = communityBySlug(content, params.community);
  if (!community) notFound({ slug: params.community });
  const url = new URL(request.url);
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const found = (await context.get(appContext).news.page(community.slug, page)) ?? notFound({ slug: params.community });
  const english = !inPageLanguage(content, languageOfPath(url.pathname).language)(`communities/${community.slug}.md`);
  return { community: { slug: community.slug, name: community.name, english }, ...found };
}

const NOT_FOUND: NotFoundPage = {
  title: "communityNews.notFound",
  text: "communityNews.notFoundText",
  backHref: href("/communities"),
  backLabel: "community.backToAll",
};

export const ErrorBoundary = errorBoundary({ notFound: NOT_FOUND });

export const headers = liveNewsHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return notFoundMeta(NOT_FOUND, matches);
  const t = metaText(matches);
  const { community: c, page } = loaderData;
  const path = `${href("/communities/:community/news", { community: c.slug })}${page > 1 ? `?page=${page}` : ""}`;
  return [
    ...pageMeta({
      title: t("community.newsFeed", { name: c.name }),
      description: t("communityNews.description", { name: c.name }),
      path,
      root: rootMeta(matches),
    }),
    feedLink(href("/communities/:community/news.xml", { community: c.slug }), t("community.newsFeed", { name: c.name }), rootMeta(matches)),
  ];
}

export default function CommunityNews({ loaderData }: Route.ComponentProps) {
  const { community: c, items, page, pages, total } = loaderData;
  const { t, rich, local } = useText();
  const plural = usePlural();
  const name = <bdi {...englishText(c.english)}>{c.name}</bdi>;
  // Each language has its feed: its translations of the items, English where an item has none.
  const feed = local(href("/communities/:community/news.xml", { community: c.slug }));
  const base = local(href("/communities/:community/news", { community: c.slug }));
  return (
    <>
      <PageHeader
        eyebrow={t("communityNews.eyebrow")}
        // The community's name is its content's, in its own script: isolated inside the sentence.
        title={rich("community.newsFeed", { name })}
        intro={
          <p>
            {plural("communityNews.count", {
              count: total,
              feed: (
                <a href={feed} className="underline">
                  {t("communityNews.follow")}
                </a>
              ),
            })}
          </p>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p>
          <a href={local(href("/communities/:community", { community: c.slug }))} className="font-semibold text-navy-700 underline">
            <Arrow to="back" /> {name}
          </a>
        </p>
        {items.length === 0 ? (
          <p className="mt-8 text-sand-700">{t("community.noNews")}</p>
        ) : (
          <ul className="mt-8 space-y-6">
            {items.map((item) => (
              <NewsEntry key={item.id} item={item} heading="h2" />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav
            aria-label={t("communityNews.pages")}
            className="mt-10 flex items-center justify-between gap-4 border-t border-sand-200 pt-6"
          >
            {page > 1 ? (
              <a href={page === 2 ? base : `${base}?page=${page - 1}`} className="underline" rel="prev">
                {t("communityNews.newer")}
              </a>
            ) : (
              <span />
            )}
            <span>{t("pagination.pageOf", { page, pages })}</span>
            {page < pages ? (
              <a href={`${base}?page=${page + 1}`} className="underline" rel="next">
                {t("communityNews.older")}
              </a>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
