import { data } from "react-router";
import type { Route } from "./+types/communities.$community";
import { HeroImage } from "~/components/ui/HeroImage";
import { NotFoundView } from "~/components/ui/NotFoundView";
import { communityBySlug } from "~/content/content.server";
import { picture } from "~/lib/images.server";
import { pageMeta, type RootMetaData } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  const community = communityBySlug(params.community);
  if (!community) return data({ found: false as const, slug: params.community }, { status: 404 });
  return { found: true as const, community, hero: picture(`communities/${community.slug}`, community.image.alt) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { meta: RootMetaData } | undefined;
  if (!loaderData.found) {
    return pageMeta({ title: "Community Not Found", description: "This community page is being developed.", path: "/communities", root: root?.meta, noindex: true });
  }
  const c = loaderData.community;
  return pageMeta({ title: c.name, description: c.description, path: `/communities/${c.slug}`, root: root?.meta, type: "article" });
}

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <NotFoundView
        title="Community Not Found"
        text="The community page you're looking for is currently being developed."
        backHref="/communities"
        backLabel="Back to Common Bond Communities"
        consoleLines={[`Community slug: ${loaderData.slug}`, "Community data: undefined"]}
      />
    );
  }
  const { community: c, hero } = loaderData;
  const newsSubhead = c.newsSubhead ?? `Recent updates and news about the ${c.adjective} community`;
  return (
    <>
      <HeroImage image={hero} fields={c.image} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article className="max-w-3xl">
          <h1 className="font-serif text-4xl font-bold text-navy-900 sm:text-5xl">{c.name}</h1>
          <p className="mt-5 text-lg leading-relaxed text-ink">{c.description}</p>

          <section aria-labelledby="under-attack" className="mt-10" data-reveal style={{ "--reveal-delay": "150ms" } as React.CSSProperties}>
            <h2 id="under-attack" className="font-serif text-3xl font-bold text-navy-900">
              Under Attack
            </h2>
            <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.underAttackHtml }} />
          </section>

          {c.contentHtml ? (
            <section aria-labelledby="community-subtitle" className="mt-10" data-reveal style={{ "--reveal-delay": "300ms" } as React.CSSProperties}>
              <h2 id="community-subtitle" className="font-serif text-3xl font-bold text-navy-900">
                {c.subtitle}
              </h2>
              <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.contentHtml }} />
            </section>
          ) : (
            <>
              <section aria-labelledby="culture" className="mt-10" data-reveal style={{ "--reveal-delay": "300ms" } as React.CSSProperties}>
                <h2 id="culture" className="font-serif text-3xl font-bold text-navy-900">
                  Culture
                </h2>
                <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.cultureHtml ?? "" }} />
              </section>
              <section aria-labelledby="history" className="mt-10" data-reveal style={{ "--reveal-delay": "450ms" } as React.CSSProperties}>
                <h2 id="history" className="font-serif text-3xl font-bold text-navy-900">
                  History
                </h2>
                <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: c.historyHtml ?? "" }} />
              </section>
            </>
          )}
        </article>

        <aside aria-labelledby="latest-news" className="self-start rounded-xl border border-sand-200 bg-white p-6 shadow-sm lg:sticky lg:top-6">
          <h2 id="latest-news" className="font-serif text-2xl font-bold text-navy-900">
            Latest News
          </h2>
          <p className="mt-1 text-sm text-sand-700">{newsSubhead}</p>
          <p className="mt-6 text-sand-700">News and updates for this community will be posted here as they become available.</p>
        </aside>
      </div>
    </>
  );
}
