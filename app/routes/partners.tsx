import { href } from "react-router";
import type { Route } from "./+types/partners";
import { PageHeader } from "~/components/ui/PageHeader";
import { Picture } from "~/components/ui/Picture";
import { appContext } from "~/context.server";
import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { FIXED_PAGES } from "~/content/fixed-pages";
import { useText } from "~/i18n/text";
import { englishText } from "~/i18n/interface-lang";
import { languageOfPath } from "~/i18n/languages";
import { inPageLanguage } from "~/content/page-languages.server";

/**
 * The page is in every language: its own words are the interface's. The partners are one document, whose
 * names and descriptions are the English until its translation into the page's language is published.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return {
    english: !inPageLanguage(content, languageOfPath(new URL(request.url).pathname).language)("partners.yaml"),
    partners: content.partners.map((p) => ({
      ...p,
      // Its alternative text ("… logo") is the page's to say, in its language.
      logo: content.pictures.picture(`partners/${p.id}`, "", { upload: p.logo, kind: "logo" }),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaText(matches);
  return pageMeta({
    title: t(FIXED_PAGES.partners.title),
    description: t(FIXED_PAGES.partners.description),
    path: FIXED_PAGES.partners.path,
    root: rootMeta(matches),
  });
};

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  const { t, rich, local } = useText();
  const english = englishText(loaderData.english);
  return (
    <>
      <PageHeader title={t("partners.title")} intro={<p>{t("partners.intro")}</p>} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((p) => (
            <li key={p.id} className="flex flex-col rounded-xl border border-sand-200 bg-white p-6 shadow-sm" data-reveal>
              <Picture
                image={{ ...p.logo, alt: t("partners.logo", { name: p.name }) }}
                sizes="240px"
                imgClassName="h-24 w-auto rounded-md"
              />
              <h2 className="mt-4 font-serif text-xl font-bold text-navy-900" {...english}>
                {p.name}
              </h2>
              <p className="mt-2 flex-1 text-sand-700" {...english}>
                {p.description}
              </p>
              <a href={p.website} target="_blank" rel="noopener noreferrer" className="btn-primary mt-6 self-start">
                {t("partners.visit")}
                <span className="sr-only">
                  {" "}
                  {rich("partners.visitOf", { name: <bdi {...english}>{p.name}</bdi> })} {t("layout.newTab")}
                </span>
              </a>
            </li>
          ))}
          <li className="flex flex-col rounded-xl border-2 border-dashed border-gold-500 bg-sand-100 p-6" data-reveal>
            <h2 className="font-serif text-xl font-bold text-navy-900">{t("partners.become")}</h2>
            <p className="mt-2 flex-1 text-sand-700">{t("partners.becomeText")}</p>
            <a href={`${local(href("/contact"))}?subject=Partnership`} className="btn-gold mt-6 self-start">
              {t("partners.contact")}
            </a>
          </li>
        </ul>
      </div>
    </>
  );
}
