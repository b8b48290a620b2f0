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

/** Every published item about one community, in the order its page shows them, 20 to a page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const community = communityBySlug(content, params.community);
  if (!community) notFound({ slug: params.community });
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const found = (await context.get(appContext).news.page(community.slug, page)) ?? notFound({ slug: params.community });
  return { community: { slug: community.slug, name: community.name }, ...found };
}

const NOT_FOUND: NotFoundPage = {
  title: "Page Not Found",
  text: "There is no news page at this address.",
  backHref: href("/communities"),
  backLabel: "Back to Common Bond Communities",
};

export const ErrorBoundary = errorBoundary({ notFound: NOT_FOUND });

export const headers = liveNewsHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData) return notFoundMeta(NOT_FOUND, root);
  const { community: c, page } = loaderData;
  const path = `${href("/communities/:community/news", { community: c.slug })}${page > 1 ? `?page=${page}` : ""}`;
  return [
    ...pageMeta({
      title: `News about ${c.name}`,
      description: `Every news report we have collected about the ${c.name} community.`,
      path,
      root,
    }),
    feedLink(href("/communities/:community/news.xml", { community: c.slug }), `News about ${c.name}`),
  ];
}

export default function CommunityNews({ loaderData }: Route.ComponentProps) {
  const { community: c, items, page, pages, total } = loaderData;
  const base = href("/communities/:community/news", { community: c.slug });
  return (
    <>
      <PageHeader
        eyebrow="News"
        title={`News about ${c.name}`}
        intro={
          <p>
            {total} {total === 1 ? "report" : "reports"}, newest first.{" "}
            <a href={`${base}.xml`} className="underline">
              Follow this list in a feed reader
            </a>
            .
          </p>
        }
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <p>
          <a href={href("/communities/:community", { community: c.slug })} className="font-semibold text-navy-700 underline">
            ← {c.name}
          </a>
        </p>
        {items.length === 0 ? (
          <p className="mt-8 text-sand-700">News and updates for this community will be posted here as they become available.</p>
        ) : (
          <ul className="mt-8 space-y-6">
            {items.map((item) => (
              <NewsEntry key={item.id} item={item} heading="h2" />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4 border-t border-sand-200 pt-6">
            {page > 1 ? (
              <a href={page === 2 ? base : `${base}?page=${page - 1}`} className="underline" rel="prev">
                Newer reports
              </a>
            ) : (
              <span />
            )}
            <span>
              Page {page} of {pages}
            </span>
            {page < pages ? (
              <a href={`${base}?page=${page + 1}`} className="underline" rel="next">
                Older reports
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
