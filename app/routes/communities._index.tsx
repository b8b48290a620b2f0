import { href } from "react-router";
import type { Route } from "./+types/communities._index";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { feedLink, pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { FIXED_PAGES } from "~/content/fixed-pages";
import { useText } from "~/i18n/text";
import { englishText } from "~/i18n/interface-lang";
import { languageOfPath } from "~/i18n/languages";
import { inPageLanguage } from "~/content/page-languages.server";

/** The page is in every language (its words are the interface's); each community in its own, English until translated. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const translated = inPageLanguage(content, languageOfPath(new URL(request.url).pathname).language);
  return {
    communities: content.communities.map((c) => ({
      slug: c.slug,
      label: c.menuLabel,
      description: c.description,
      english: !translated(`communities/${c.slug}.md`),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaText(matches);
  return [
    ...pageMeta({
      title: t(FIXED_PAGES.communities.title),
      description: t(FIXED_PAGES.communities.description),
      path: FIXED_PAGES.communities.path,
      root: rootMeta(matches),
    }),
    feedLink(href("/news.xml"), t("communities.allFeed"), rootMeta(matches)),
  ];
};

export default function Communities({ loaderData }: Route.ComponentProps) {
  const { t, local } = useText();
  return (
    <>
      <PageHeader title={t("communities.heading")} intro={<p>{t("communities.intro")}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {loaderData.communities.map((c) => (
            <li key={c.slug}>
              <a
                href={local(href("/communities/:community", { community: c.slug }))}
                className="block h-full rounded-xl border border-sand-200 bg-white p-5 shadow-sm transition hover:border-navy-600 hover:shadow-md"
                {...englishText(c.english)}
              >
                <span className="font-serif text-xl font-bold text-navy-900">{c.label}</span>
                <span className="mt-2 line-clamp-3 text-sm text-sand-700">{c.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
