import { href } from "react-router";
import { LineIcon } from "~/components/ui/LineIcon";
import { useText } from "~/i18n/text";
import { MAX_QUERY_LENGTH } from "~/search/query";

/**
 * The site's search: a plain GET form to /search, so it works without JavaScript. Each place it stands
 * names its landmark differently (the header's, the not-found page's, the results page's), as a screen
 * reader lists them side by side.
 */
export function SearchForm({
  landmark,
  id,
  defaultValue,
  compact,
  children,
}: {
  landmark: string;
  id: string;
  defaultValue?: string;
  /** The header's: small, on the dark bar. */
  compact?: boolean;
  /** Further fields sent with the query (the results page's filters). */
  children?: React.ReactNode;
}) {
  const { t, local } = useText();
  return (
    <form
      method="get"
      action={local(href("/search"))}
      role="search"
      aria-label={landmark}
      className={compact ? "flex w-full items-center sm:w-auto" : "flex flex-wrap items-end gap-3"}
    >
      <div className={compact ? "contents" : "min-w-0 flex-1 basis-60"}>
        <label htmlFor={id} className={compact ? "sr-only" : "block font-semibold text-navy-900"}>
          {t("search.label")}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          className={
            compact
              ? "h-9 min-w-0 flex-1 rounded-s-md border-0 bg-white/95 px-3 text-sm text-ink placeholder:text-sand-700 focus:ring-2 focus:ring-gold-400 focus:outline-none sm:w-56"
              : "mt-1 block w-full rounded-md border border-sand-700/40 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-navy-600 focus:ring-2 focus:ring-navy-600/40 focus:outline-none"
          }
          placeholder={compact ? t("search.label") : undefined}
        />
      </div>
      {children}
      <button
        type="submit"
        className={
          compact
            ? "inline-flex h-9 items-center justify-center rounded-e-md bg-gold-400 px-3 text-navy-900 hover:bg-gold-300 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
            : "btn-primary gap-2"
        }
      >
        <LineIcon name="search" className="size-4" />
        <span className={compact ? "sr-only" : undefined}>{t("search.submit")}</span>
      </button>
    </form>
  );
}
