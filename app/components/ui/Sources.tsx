/** The end of a community page or article: when it was last checked, and the documents its claims rest on. */
import type { Source } from "~/content/content.server";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

export function LastReviewed({ date, className = "" }: { date: string | undefined; className?: string }) {
  const { rich, date: formatDate } = useText();
  const own = useInterfaceLang();
  if (!date) return null;
  return (
    <p className={`text-sm text-sand-700 ${className}`} {...own}>
      {rich("sources.lastReviewed", { date: <time dateTime={date}>{formatDate(date)}</time> })}
    </p>
  );
}

/** The sources keep their own titles, in English, on every translation of the page: marked so. */
export function Sources({ sources }: { sources: Source[] }) {
  const { t, language, date: formatDate } = useText();
  const own = useInterfaceLang();
  if (sources.length === 0) return null;
  const english = language === SOURCE_LANGUAGE ? {} : { lang: SOURCE_LANGUAGE, dir: "ltr" as const };
  return (
    <section aria-labelledby="sources" className="mt-12 border-t border-sand-200 pt-8">
      <h2 id="sources" className="font-serif text-2xl font-bold text-navy-900" {...own}>
        {t("sources.heading")}
      </h2>
      <ol className="mt-4 list-decimal space-y-2 ps-6 text-sm leading-relaxed">
        {sources.map((s) => (
          <li key={s.url}>
            <bdi {...english}>{s.publisher}</bdi>,{" "}
            <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-navy-700 underline">
              <bdi {...english}>{s.title}</bdi>
              <span className="sr-only" {...own}>{` ${t("layout.newTab")}`}</span>
            </a>
            ,{" "}
            <time dateTime={s.date} {...own}>
              {formatDate(s.date)}
            </time>
            .
          </li>
        ))}
      </ol>
    </section>
  );
}
