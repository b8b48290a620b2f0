import { href } from "react-router";
import type { Route } from "./+types/communities.$community";
import { HeroImage } from "~/components/ui/HeroImage";
import { errorBoundary, notFoundMeta, type NotFoundPage } from "~/components/ui/ErrorViews";
import { notFound } from "~/lib/responses";
import { communityBySlug } from "~/content/snapshot.server";
import { appContext } from "~/context.server";
import { liveNewsHeaders } from "~/lib/http";
import { NewsEntry } from "~/components/ui/NewsEntry";
import { articlePageMeta, feedLink, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { LastReviewed, Sources } from "~/components/ui/Sources";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const community = communityBySlug(content, params.community);
  if (!community) notFound({ slug: params.community });
  const news = await context.get(appContext).news.forCommunity(community.slug);
  return {
    community,
    news,
    hero: content.pictures.picture(`communities/${community.slug}`, community.image.alt, { ...community.image, kind: "hero" }),
  };
}

/** docs/product.md, "Scrolling and motion": sections enter over 700 ms, staggered; news items from 1100 ms, 200 ms apart. */
const enter = (ms: number) => ({ "--enter-delay": `${ms}ms` }) as React.CSSProperties;

const NOT_FOUND: NotFoundPage = {
  title: "community.notFound",
  text: "community.notFoundText",
  backHref: href("/communities"),
  backLabel: "community.backToAll",
  consoleLines: (d) => [`Community slug: ${d.slug}`, "Community data: undefined"],
};

export const ErrorBoundary = errorBoundary({ notFound: NOT_FOUND });

export const headers = liveNewsHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData) return notFoundMeta(NOT_FOUND, matches);
  const c = loaderData.community;
  return [
    ...articlePageMeta({
      title: c.name,
      description: c.description,
      path: href("/communities/:community", { community: c.slug }),
      root,
      dateModified: c.lastReviewed,
    }),
    feedLink(
      href("/communities/:community/news.xml", { community: c.slug }),
      metaText(matches)("community.newsFeed", { name: c.name }),
      root,
    ),
  ];
}

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { community: c, hero, news } = loaderData;
  const { t, rich, local } = useText();
  const own = useInterfaceLang();
  const newsSubhead = c.newsSubhead ?? t("community.newsSubhead", { adjective: c.adjective });
  return (
    <>
      <HeroImage image={hero} fields={c.image} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article className="max-w-3xl">
          <h1 className="enter font-serif text-4xl font-bold text-navy-900 sm:text-5xl" style={enter(0)}>
            {c.name}
          </h1>
          <LastReviewed date={c.lastReviewed} className="mt-2" />
          <p className="enter mt-5 text-lg leading-relaxed text-ink" style={enter(150)}>
            {c.description}
          </p>

          <section aria-labelledby="under-attack" className="enter mt-10" style={enter(300)}>
            <h2 id="under-attack" className="font-serif text-3xl font-bold text-navy-900" {...own}>
              {t("community.underAttack")}
            </h2>
            <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.underAttackHtml }} />
          </section>

          {c.contentHtml ? (
            <section aria-labelledby="community-subtitle" className="enter mt-10" style={enter(450)}>
              <h2 id="community-subtitle" className="font-serif text-3xl font-bold text-navy-900">
                {c.subtitle}
              </h2>
              <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.contentHtml }} />
            </section>
          ) : (
            <>
              <section aria-labelledby="culture" className="enter mt-10" style={enter(450)}>
                <h2 id="culture" className="font-serif text-3xl font-bold text-navy-900" {...own}>
                  {t("community.culture")}
                </h2>
                <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.cultureHtml ?? "" }} />
              </section>
              <section aria-labelledby="history" className="enter mt-10" style={enter(600)}>
                <h2 id="history" className="font-serif text-3xl font-bold text-navy-900" {...own}>
                  {t("community.history")}
                </h2>
                <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.historyHtml ?? "" }} />
              </section>
            </>
          )}
          <Sources sources={c.sources} />
        </article>

        <aside
          aria-labelledby="latest-news"
          className="self-start rounded-xl border border-sand-200 bg-white p-6 shadow-sm lg:sticky lg:top-6"
        >
          <h2 id="latest-news" className="font-serif text-2xl font-bold text-navy-900" {...own}>
            {t("community.latestNews")}
          </h2>
          <p className="mt-1 text-sm text-sand-700" {...(c.newsSubhead ? {} : own)}>
            {newsSubhead}
          </p>
          {news.length === 0 ? (
            <p className="mt-6 text-sand-700" {...own}>
              {t("community.noNews")}
            </p>
          ) : (
            <ul className="mt-6 space-y-6">
              {news.map((item, i) => (
                <NewsEntry key={item.id} item={item} className="enter" style={enter(1100 + 200 * i)} />
              ))}
            </ul>
          )}
          {news.length > 0 ? (
            <p className="mt-6 border-t border-sand-200 pt-4" {...own}>
              <a
                href={local(href("/communities/:community/news", { community: c.slug }))}
                className="font-semibold text-navy-700 underline"
              >
                {rich("community.allNews", { name: <bdi>{c.name}</bdi> })}
              </a>
            </p>
          ) : null}
        </aside>
      </div>
    </>
  );
}
