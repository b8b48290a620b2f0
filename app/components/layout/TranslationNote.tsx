import { useText } from "~/i18n/text";

export interface TranslationMarkData {
  /** The day it was reviewed, as the page's language writes it. */
  reviewedOn: string;
  /** The English has changed in meaning since this translation was reviewed. */
  outdated: boolean;
  /** The English page's address. */
  english: string;
}

/** The one line a translated page says of itself: reviewed on a date, or that the English has changed since. */
export function TranslationNote({ mark }: { mark: TranslationMarkData }) {
  const { t } = useText();
  return (
    <p className="mx-auto max-w-7xl px-4 pt-4 text-sm text-sand-700">
      {mark.outdated ? (
        <>
          {t("translation.outdated")}{" "}
          <a href={mark.english} hrefLang="en" className="underline">
            {t("translation.readEnglish")}
          </a>
        </>
      ) : (
        t("translation.reviewed", { date: mark.reviewedOn })
      )}
    </p>
  );
}
