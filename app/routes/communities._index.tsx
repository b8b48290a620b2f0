import { href } from "react-router";
import type { Route } from "./+types/communities._index";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { feedLink, staticPageMeta } from "~/lib/seo";
import { FIXED_PAGES } from "~/content/fixed-pages";

export function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return { communities: content.communities.map((c) => ({ slug: c.slug, label: c.menuLabel, description: c.description })) };
}

const pageTags = staticPageMeta(FIXED_PAGES.communities);

export const meta: Route.MetaFunction = (args) => [...pageTags(args), feedLink(href("/news.xml"), "News from every community")];

export default function Communities({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Common Bond Communities:"
        intro={<p>Twenty-two communities, one shared threat. Choose a community to read its story.</p>}
      />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.communities.map((c) => (
            <li key={c.slug}>
              <a
                href={href("/communities/:community", { community: c.slug })}
                className="block h-full rounded-xl border border-sand-200 bg-white p-5 shadow-sm transition hover:border-navy-600 hover:shadow-md"
              >
                <span className="font-serif text-xl font-bold text-navy-900">{c.label}</span>
                <span className="mt-2 line-clamp-3 block text-sm text-sand-700">{c.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
