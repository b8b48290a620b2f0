/**
 * The languages the site speaks (issue 34), one row each. Everything else that differs by language is read
 * from this table: the address prefix, `<html lang dir>`, the font, the digits and quotation marks, the
 * search configuration. docs/i18n.md says how to add a language.
 */
export interface Language {
  /** BCP 47 code: the address prefix (`/ar/…`), `lang` and `hreflang`. */
  code: string;
  /** The language's own name, as the switcher shows it. */
  name: string;
  /** Its name in English, for staff. */
  englishName: string;
  dir: "ltr" | "rtl";
  /** Arabic-script pages load the self-hosted Arabic-script font (app.css); Latin-script pages never do. */
  script: "latin" | "arabic";
  /** The numbering system `Intl` formats numbers and dates with. */
  digits: "latn" | "arab" | "arabext";
  /**
   * The PostgreSQL text-search configuration its text is indexed and searched with (db/migrations: the
   * site_* ones; `arabic` and `simple` are built in, in PGlite as in PostgreSQL). What is typed is first
   * normalised by the language's own rules (app/search/normalize.ts).
   */
  search: "site_english" | "arabic" | "simple" | "site_kurmanji" | "site_french";
}

export const LANGUAGES = [
  { code: "en", name: "English", englishName: "English", dir: "ltr", script: "latin", digits: "latn", search: "site_english" },
  { code: "ar", name: "العربية", englishName: "Arabic", dir: "rtl", script: "arabic", digits: "arab", search: "arabic" },
  { code: "fa", name: "فارسی", englishName: "Persian", dir: "rtl", script: "arabic", digits: "arabext", search: "simple" },
  { code: "ckb", name: "کوردیی ناوەندی", englishName: "Kurdish (Sorani)", dir: "rtl", script: "arabic", digits: "arab", search: "simple" },
  {
    code: "ku",
    name: "Kurdî (Kurmancî)",
    englishName: "Kurdish (Kurmanji)",
    dir: "ltr",
    script: "latin",
    digits: "latn",
    search: "site_kurmanji",
  },
  { code: "fr", name: "Français", englishName: "French", dir: "ltr", script: "latin", digits: "latn", search: "site_french" },
] as const satisfies readonly Language[];

export type LanguageCode = (typeof LANGUAGES)[number]["code"];

/** English: the source every translation is made from, the fallback, and the unprefixed addresses. */
export const SOURCE_LANGUAGE = "en" satisfies LanguageCode;

const byCode = new Map<string, (typeof LANGUAGES)[number]>(LANGUAGES.map((l) => [l.code, l]));

export const isLanguageCode = (code: string): code is LanguageCode => byCode.has(code);

export function languageOf(code: LanguageCode) {
  return byCode.get(code)!;
}

/** The locale `Intl` formats a language's numbers and dates with: its own digits, its own calendar. */
export const intlLocale = (code: LanguageCode) => `${code}-u-nu-${languageOf(code).digits}`;

/**
 * The digits said as an option too: a browser whose `Intl` lacks the language (Chromium has no Sorani) falls
 * back to its own locale and drops the locale's `-u-nu-`, and would write 2025 where the server wrote ٢٠٢٥.
 */
export const digitsOf = (locale: string): { numberingSystem?: Language["digits"] } => {
  const code = locale.split("-u-")[0]!;
  return isLanguageCode(code) ? { numberingSystem: languageOf(code).digits } : {};
};

/** The languages with an address prefix: every one but English. */
export const PREFIXED_LANGUAGES = LANGUAGES.filter((l) => l.code !== SOURCE_LANGUAGE).map((l) => l.code);

/**
 * The language an address is in, and the same address in English: `/ar/communities/yazidis` is Arabic and
 * `/communities/yazidis`; `/ar` and `/ar/` are Arabic and `/`. An unknown prefix is English (and not found).
 */
export function languageOfPath(pathname: string): { language: LanguageCode; path: string } {
  const [, code = "", rest = ""] = /^\/([a-z]{2,3})(?=\/|$)(.*)$/.exec(pathname) ?? [];
  if (code !== SOURCE_LANGUAGE && isLanguageCode(code)) return { language: code, path: rest || "/" };
  return { language: SOURCE_LANGUAGE, path: pathname };
}

/** An English address in a language: `/about` in Arabic is `/ar/about`, and `/` is `/ar/`. */
export function localPath(language: LanguageCode, path: string): string {
  if (language === SOURCE_LANGUAGE) return path;
  return path === "/" ? `/${language}/` : `/${language}${path}`;
}
