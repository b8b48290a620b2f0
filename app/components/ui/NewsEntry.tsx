/** One news item as visitors see it: on a community page, on its "All news" page and in the staff preview. */
import type { CSSProperties } from "react";
import { isLanguageCode, languageOf, SOURCE_LANGUAGE } from "~/i18n/languages";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

interface NewsEntryData {
  id: string;
  language?: string;
  title: string;
  source: string;
  publishedDate: string;
  excerpt: string;
  originalUrl: string;
}

/** `heading`: h3 inside a card that has its own h2 (the default), h2 on a page of news. */
export function NewsEntry({
  item,
  style,
  className = "",
  heading: Heading = "h3",
}: {
  item: NewsEntryData;
  style?: CSSProperties;
  className?: string;
  heading?: "h2" | "h3";
}) {
  const { t, language, date: formatDate } = useText();
  // An item not translated into the page's language is in English, and marked so: read, and laid out, as English.
  const itemLanguage = languageOf(item.language && isLanguageCode(item.language) ? item.language : SOURCE_LANGUAGE);
  const marked = itemLanguage.code === language ? {} : { lang: itemLanguage.code, dir: itemLanguage.dir };
  const own = useInterfaceLang();
  return (
    <li className={`border-t border-sand-200 pt-5 first:border-t-0 first:pt-0 ${className}`} style={style}>
      <Heading className="font-serif text-lg leading-snug font-bold text-navy-900" dir="auto" {...marked}>
        {item.title}
      </Heading>
      <p className="mt-1 text-sm text-sand-700">
        <span dir="auto" {...(language === SOURCE_LANGUAGE ? {} : { lang: SOURCE_LANGUAGE })}>
          {item.source}
        </span>{" "}
        ·{" "}
        <time dateTime={item.publishedDate} {...own}>
          {formatDate(item.publishedDate)}
        </time>
      </p>
      <p className="mt-2 text-sm leading-relaxed" dir="auto" {...marked}>
        {item.excerpt}
      </p>
      <a href={item.originalUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-3 text-sm" {...own}>
        {t("news.readFull")}
        <span className="sr-only">
          : <bdi {...marked}>{item.title}</bdi>
          {` ${t("layout.newTab")}`}
        </span>
      </a>
    </li>
  );
}
