import { href } from "react-router";
import type { Route } from "./+types/home";
import { YouTubeEmbed } from "~/components/ui/YouTubeEmbed";
import { Picture } from "~/components/ui/Picture";
import { appContext } from "~/context.server";
import { homeSlides } from "~/components/home/home-slides.server";
import { pageMeta, rootMeta } from "~/lib/seo";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";
import { Arrow } from "~/components/ui/Arrow";

const SLIDE_SIZES = "100vw";

export function loader({ context }: Route.LoaderArgs) {
  const { embeds, content } = context.get(appContext);
  const { home, site } = content;
  return {
    home,
    slides: homeSlides(content, SLIDE_SIZES),
    video: site.homeVideo,
    autoloadEmbeds: embeds === "auto",
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  // The first slide is the Largest Contentful Paint: preload its AVIF at the width the screen needs.
  const first = loaderData.slides[0]?.image.sources.find((s) => s.type === "image/avif");
  const preload = first
    ? [
        {
          tagName: "link",
          rel: "preload",
          as: "image",
          type: "image/avif",
          imageSrcSet: first.srcSet,
          imageSizes: SLIDE_SIZES,
          fetchPriority: "high",
        },
      ]
    : [];
  return [
    ...preload,
    ...pageMeta({
      title: loaderData.home.tagline,
      description: loaderData.home.description,
      path: "/",
      root: root,
      jsonLd: root
        ? {
            "@context": "https://schema.org",
            "@type": "NGO",
            name: root.siteName,
            url: root.siteUrl,
            logo: `${root.siteUrl}/favicon.svg`,
            nonprofitStatus: "Nonprofit501c3",
          }
        : undefined,
    }),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, slides, video, autoloadEmbeds } = loaderData;
  const { t, local } = useText();
  const own = useInterfaceLang();
  // The cards' links are content: an address on this site is put in the page's language.
  const onThisSite = (url: string) => (url.startsWith("/") && !url.startsWith("//") ? local(url) : url);
  return (
    <>
      <section
        aria-roledescription="carousel"
        aria-label={t("home.highlights")}
        data-carousel
        className="relative isolate overflow-hidden bg-navy-950"
      >
        <div className="relative h-[72vh] max-h-[44rem] min-h-[26rem]">
          {slides.map((slide, i) => (
            <div
              key={slide.image.src}
              data-slide
              data-active={i === 0 ? "" : undefined}
              aria-hidden={i === 0 ? undefined : true}
              role="group"
              aria-roledescription="slide"
              aria-label={t("home.slide", { number: i + 1, total: slides.length, caption: slide.caption })}
              data-status={t("home.slideStatus", { number: i + 1, total: slides.length })}
              className="carousel-slide absolute inset-0"
            >
              {i === 0 ? (
                <Picture
                  image={slide.image}
                  sizes={SLIDE_SIZES}
                  priority
                  imgClassName="h-full w-full object-cover"
                  className="block h-full"
                />
              ) : (
                <template data-slide-content dangerouslySetInnerHTML={{ __html: slide.templateHtml ?? "" }} />
              )}
            </div>
          ))}
          <div className="absolute inset-0 bg-gradient-to-t from-navy-950/90 via-navy-950/55 to-navy-950/30" />
          <div className="absolute inset-0 flex items-center">
            <div className="mx-auto max-w-5xl px-4 text-center text-white">
              <h1 className="font-serif text-3xl leading-tight font-bold text-balance drop-shadow sm:text-5xl">{home.tagline}</h1>
              <div className="mt-8 flex flex-wrap justify-center gap-4" {...own}>
                <a href={local(href("/about"))} className="btn-gold">
                  {t("home.learnAboutUs")}
                </a>
                <a href={local(href("/communities"))} className="btn-secondary text-white hover:bg-white/10">
                  {t("home.exploreCommunities")}
                </a>
              </div>
            </div>
          </div>
          <button
            type="button"
            data-carousel-toggle
            hidden
            aria-label={t("home.pauseSlideshow")}
            data-label-pause={t("home.pauseSlideshow")}
            data-label-play={t("home.playSlideshow")}
            // Its words' language only: its place (the inline end) follows the carousel's direction.
            lang={own.lang}
            className="carousel-toggle absolute end-4 bottom-4 inline-flex size-11 items-center justify-center rounded-full bg-navy-950/70 text-white hover:bg-navy-950"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="icon-pause size-5" fill="currentColor">
              <path d="M7 5h3v14H7zM14 5h3v14h-3z" />
            </svg>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="icon-play size-5" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </button>
          <p data-carousel-status className="sr-only" aria-live="polite" />
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-7xl px-4 py-16 sm:py-20" data-reveal="0.3">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id="mission-heading" className="font-serif text-3xl font-bold text-navy-900 sm:text-4xl">
            {home.missionHeading}
          </h2>
          <p className="mt-4 text-lg text-sand-700">{home.missionIntro}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {home.cards.map((card) => (
            <li
              key={card.href}
              className="relative flex flex-col rounded-xl border border-sand-200 bg-white p-6 shadow-sm transition hover:shadow-md"
            >
              <h3 className="font-serif text-xl font-bold text-navy-900">
                <a href={onThisSite(card.href)} className="after:absolute after:inset-0 after:rounded-xl hover:underline">
                  {card.title}
                </a>
              </h3>
              <p className="mt-3 text-sand-700">{card.text}</p>
              <span aria-hidden="true" className="mt-auto pt-4 font-semibold text-navy-600" {...own}>
                {t("home.readMore")} <Arrow to="forward" />
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="video-heading" className="bg-sand-100 py-16 sm:py-20" data-reveal="0.3">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="video-heading" className="text-center font-serif text-3xl font-bold text-navy-900">
            {home.videoHeading}
          </h2>
          <YouTubeEmbed
            id={video.id}
            title={video.title}
            autoload={autoloadEmbeds}
            className="mt-8 aspect-video overflow-hidden rounded-xl shadow-lg"
          />
        </div>
      </section>

      <section aria-labelledby="join-heading" className="mx-auto max-w-4xl px-4 py-16 text-center sm:py-20" data-reveal="0.3">
        <h2 id="join-heading" className="font-serif text-3xl font-bold text-navy-900 sm:text-4xl">
          {home.joinHeading}
        </h2>
        <p className="mt-4 text-lg text-sand-700">{home.joinText}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4" {...own}>
          <a href={local(href("/join-us"))} className="btn-primary">
            {t("nav.joinUs")}
          </a>
          <a href={local(href("/team/board-of-directors"))} className="btn-secondary text-navy-800 hover:bg-sand-100">
            {t("home.meetBoard")}
          </a>
        </div>
      </section>
    </>
  );
}
