import { href } from "react-router";
import type { Route } from "./+types/about";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { pageMeta, rootMeta } from "~/lib/seo";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

export function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return { about: content.about };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({ title: loaderData.about.title, description: loaderData.about.description, path: href("/about"), root });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  const { t, number } = useText();
  const own = useInterfaceLang();
  return (
    <>
      <PageHeader title={about.title} intro={<p>{about.description}</p>} />
      <div className="mx-auto max-w-5xl px-4 py-14">
        <div className="grid gap-10 md:grid-cols-2">
          <section aria-labelledby="mission" data-reveal>
            <h2 id="mission" className="font-serif text-3xl font-bold text-navy-900" {...own}>
              {t("about.mission")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{about.mission}</p>
          </section>
          <section aria-labelledby="vision" data-reveal>
            <h2 id="vision" className="font-serif text-3xl font-bold text-navy-900" {...own}>
              {t("about.vision")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed">{about.vision}</p>
          </section>
        </div>

        <section id="our-approach" aria-labelledby="our-approach-heading" className="mt-16 scroll-mt-6" data-reveal>
          <h2 id="our-approach-heading" className="font-serif text-3xl font-bold text-navy-900" {...own}>
            {t("about.approach")}
          </h2>
          <p className="mt-4 max-w-3xl text-lg">{about.approachIntro}</p>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {about.pillars.map((pillar, i) => (
              <li key={pillar.title} className="rounded-xl border border-sand-200 bg-white p-6 shadow-sm">
                <p aria-hidden="true" className="font-serif text-4xl font-bold text-gold-700">
                  {number(i + 1)}
                </p>
                <h3 className="mt-2 font-serif text-xl font-bold text-navy-900">{pillar.title}</h3>
                <p className="mt-3 text-sand-700">{pillar.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="featured-article" className="mt-16 rounded-xl bg-navy-900 p-8 text-white sm:p-10" data-reveal>
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase" {...own}>
            {t("about.featuredArticle")}
          </p>
          <h2 id="featured-article" className="mt-2 font-serif text-2xl font-bold sm:text-3xl">
            {about.featuredArticle.title}
          </h2>
          <p className="mt-1 text-sand-200">{about.featuredArticle.publication}</p>
          <blockquote className="mt-4 border-s-4 border-gold-400 ps-4 text-lg text-sand-100">{about.featuredArticle.excerpt}</blockquote>
          <a href={about.featuredArticle.url} target="_blank" rel="noopener noreferrer" className="btn-gold mt-6" {...own}>
            {t("news.readFull")}
            <span className="sr-only">{` ${t("layout.newTab")}`}</span>
          </a>
        </section>
      </div>
    </>
  );
}
