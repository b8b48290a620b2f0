import { useText } from "~/i18n/text";

/** One language the page can be read in: its translation, or that language's home page when there is none. */
export interface LanguageLink {
  code: string;
  /** The language's own name. */
  name: string;
  dir: "ltr" | "rtl";
  href: string;
  /** Said in that language when the link leads to its home page because this page is not translated. */
  homePageNote: string | null;
}

/**
 * The header's language list: a native disclosure, no script. Each name is written in its own language and
 * marked so (`lang`, `hreflang`), so a screen reader reads it with the right voice.
 */
export function LanguageSwitcher({ links }: { links: readonly LanguageLink[] }) {
  const { language, t } = useText();
  const current = links.find((l) => l.code === language);
  return (
    <nav aria-label={t("languages.landmark")}>
      <details className="nav-dropdown relative" data-nav-dropdown>
        <summary className="inline-flex min-h-9 cursor-pointer list-none items-center gap-1 rounded-md px-2 hover:bg-navy-700">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
          </svg>
          {current?.name}
        </summary>
        <ul className="absolute end-0 top-full z-30 mt-1 w-64 rounded-lg border border-sand-200 bg-white p-2 text-ink shadow-xl">
          {links.map((link) => (
            <li key={link.code}>
              <a
                href={link.href}
                lang={link.code}
                hrefLang={link.code}
                dir={link.dir}
                className="menu-link"
                aria-current={link.code === language ? "page" : undefined}
              >
                <span className="block">{link.name}</span>
                {link.homePageNote ? <span className="block text-xs text-sand-700">{link.homePageNote}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </nav>
  );
}
