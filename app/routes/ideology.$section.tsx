import { href } from "react-router";
import type { Route } from "./+types/ideology.$section";
import { YouTubeEmbed } from "~/components/ui/YouTubeEmbed";
import { HeroImage } from "~/components/ui/HeroImage";
import { errorBoundary, notFoundMeta, type NotFoundPage } from "~/components/ui/ErrorViews";
import { notFound } from "~/lib/responses";
import { SocialEmbed } from "~/components/ui/SocialEmbed";
import { ideologyBySection } from "~/content/snapshot.server";
import { appContext } from "~/context.server";
import { articlePageMeta, rootMeta } from "~/lib/seo";
import { LastReviewed, Sources } from "~/components/ui/Sources";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

export function loader({ params, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const article = ideologyBySection(content, params.section);
  if (!article) notFound({ section: params.section });
  return {
    article,
    hero: content.pictures.picture(`ideology/${article.section}`, article.image.alt, { ...article.image, kind: "hero" }),
    autoloadEmbeds: context.get(appContext).embeds === "auto",
  };
}

const NOT_FOUND: NotFoundPage = {
  title: "ideology.notFound",
  text: "ideology.notFoundText",
  backHref: href("/ideology/:section", { section: "same-ideology" }),
  backLabel: "ideology.back",
};

export const ErrorBoundary = errorBoundary({ notFound: NOT_FOUND });

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData) return notFoundMeta(NOT_FOUND, matches);
  const a = loaderData.article;
  return articlePageMeta({
    title: a.title,
    description: a.description,
    path: href("/ideology/:section", { section: a.section }),
    root,
    dateModified: a.lastReviewed,
  });
}

export default function IdeologyPage({ loaderData }: Route.ComponentProps) {
  const { article: a, hero, autoloadEmbeds } = loaderData;
  const { t, rich } = useText();
  const own = useInterfaceLang();
  return (
    <>
      <HeroImage image={hero} fields={a.image} />
      <div className={`mx-auto max-w-7xl px-4 py-12 ${a.labels ? "grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]" : ""}`}>
        <article className="mx-auto max-w-3xl">
          <h1 className="font-serif text-4xl font-bold text-navy-900 sm:text-5xl">{a.title}</h1>
          <LastReviewed date={a.lastReviewed} className="mt-2" />
          <p className="mt-5 text-lg leading-relaxed text-sand-700">{a.description}</p>
          <h2 className="mt-10 font-serif text-3xl font-bold text-navy-900">{a.heading}</h2>
          <p className="prose-content mt-4">
            <strong>{a.boldText}</strong>
          </p>
          <div className="prose-content mt-4" dangerouslySetInnerHTML={{ __html: a.bodyBeforeListHtml }} />
          {a.communities.length ? (
            <ul className="mt-6 space-y-4" aria-label={t("ideology.communitiesTargeted")}>
              {a.communities.map((c, i) => (
                <li
                  key={c.name}
                  data-reveal
                  className="rounded-lg border-s-4 border-gold-500 bg-white p-4 shadow-sm"
                  style={{ "--reveal-delay": `${i * 100}ms` } as React.CSSProperties}
                >
                  <strong className="text-navy-900">{c.name}:</strong> <span dangerouslySetInnerHTML={{ __html: c.descriptionHtml }} />
                </li>
              ))}
            </ul>
          ) : null}
          {a.bodyAfterListHtml ? <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: a.bodyAfterListHtml }} /> : null}

          {a.video ? (
            <section aria-label={t("ideology.video")} className="mt-10">
              <YouTubeEmbed
                id={a.video.id}
                title={a.video.title}
                autoload={autoloadEmbeds}
                className="aspect-video overflow-hidden rounded-xl shadow-lg"
              />
            </section>
          ) : null}

          {a.perspectives?.length ? (
            <section aria-labelledby="perspectives" className="mt-10 rounded-xl border border-sand-200 bg-white p-6 shadow-sm">
              <h2 id="perspectives" className="font-serif text-2xl font-bold text-navy-900" {...own}>
                {t("ideology.perspectives")}
              </h2>
              <ul className="mt-4 grid gap-4 sm:grid-cols-2">
                {a.perspectives.map((p) => (
                  <li key={p.url}>
                    <SocialEmbed provider={p.provider} url={p.url} title={p.title} autoload={autoloadEmbeds} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <Sources sources={a.sources} />
        </article>

        {a.labels ? (
          <aside aria-labelledby="labels" className="self-start rounded-xl bg-navy-900 p-6 text-white">
            <h2 id="labels" className="font-serif text-2xl font-bold" {...own}>
              {t("ideology.labels")}
            </h2>
            <dl className="mt-4 space-y-4">
              {a.labels.map((l) => (
                <div key={l.term}>
                  <dt className="font-semibold text-gold-300">{l.term}</dt>
                  <dd className="text-sm text-sand-100">
                    {l.meaning} {/* In another language's words, on a line of its own rather than inside the English sentence. */}
                    <span className={own.lang ? "block text-sand-200" : "text-sand-200"} {...own}>
                      {rich("ideology.usedAgainst", { communities: <bdi>{l.usedAgainst}</bdi> })}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
            {a.tweet ? (
              <div className="mt-6 text-ink">
                <SocialEmbed provider="X" url={a.tweet.url} title={t("ideology.labelsPost")} autoload={autoloadEmbeds} />
              </div>
            ) : null}
          </aside>
        ) : null}
      </div>
    </>
  );
}
