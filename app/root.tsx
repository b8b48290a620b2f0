import {
  href,
  redirect,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type MetaFunction,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import arabicScriptRegular from "@fontsource/vazirmatn/files/vazirmatn-arabic-400-normal.woff2?url";
import arabicScriptBold from "@fontsource/vazirmatn/files/vazirmatn-arabic-700-normal.woff2?url";
import { SiteFooter } from "./components/layout/SiteFooter";
import { SiteHeader } from "./components/layout/SiteHeader";
import { errorBoundary } from "./components/ui/ErrorViews";
import { appContext } from "./context.server";
import { layoutData } from "./components/layout/layout-data.server";
import { useNonce } from "./lib/nonce";
import { HYDRATE_ON_FIRST_USE, inStaffArea, wantsHydration } from "./lib/route-handle";
import { interfaceText, layoutText } from "./i18n/interface-text.server";
import {
  LANGUAGES,
  PREFIXED_LANGUAGES,
  languageOf,
  languageOfPath,
  localPath,
  SOURCE_LANGUAGE,
  type Language,
  type LanguageCode,
} from "./i18n/languages";
import { formatDate, TextProvider } from "./i18n/text";
import { TranslationNote } from "./components/layout/TranslationNote";
import type { ContentSnapshot } from "./content/snapshot.server";
import { languagesOfPage } from "./content/page-languages.server";
import { LanguageSwitcher, type LanguageLink } from "./components/layout/LanguageSwitcher";
import { InterfaceLangProvider } from "./i18n/interface-lang";

/**
 * The page's language, from its address, and the ways to read it in another. A page shows one document
 * (content.pageDocuments): where that document is published in the page's language, the page is its
 * translation; elsewhere the language's interface stands around the English text, whose address is then the
 * page's canonical one. A page without a document of its own (a form, the search) is the interface's, and so is
 * a list of documents (the communities, a board, a community's news, the partners), whose items mark their own
 * language (languagesOfPage): both are in every language.
 */
function pageLanguages(pathname: string, siteUrl: string, content: ContentSnapshot) {
  const { language, path } = languageOfPath(pathname);
  const document = content.pageDocuments.get(path);
  const published = new Set<LanguageCode>(languagesOfPage(content, path));
  const links: LanguageLink[] = LANGUAGES.map(({ code, name, dir }) => {
    const here = published.has(code);
    return {
      code,
      name,
      dir,
      href: code === language ? pathname : localPath(code, here ? path : "/"),
      homePageNote: here ? null : interfaceText(code, content.interfaceCorrections)["languages.homePageNote"],
    };
  });
  const alternates: { hreflang: string; href: string }[] = LANGUAGES.filter(({ code }) => published.has(code)).map(({ code }) => ({
    hreflang: code,
    href: siteUrl + localPath(code, path),
  }));
  alternates.push({ hreflang: "x-default", href: siteUrl + path });
  const translated = published.has(language);
  const mark = document && language !== SOURCE_LANGUAGE ? content.translations[document] : undefined;
  return {
    language,
    translated,
    links,
    alternates,
    /** What the page says of its translation: when it was reviewed, or that the English has changed since. */
    mark: mark ? { ...mark, reviewedOn: formatDate(language, mark.reviewedAt), english: path } : null,
    /** Where the page's canonical address lives: its own language where translated, else the English. */
    canonicalBase: siteUrl + (translated && language !== SOURCE_LANGUAGE ? `/${language}` : ""),
  };
}

export function loader({ context, request }: Route.LoaderArgs) {
  const { siteUrl, enhanceScriptUrl, content } = context.get(appContext);
  const { pathname, search } = new URL(request.url);
  // A language's home page is /ar/, as /ar would otherwise be a second address for it.
  if (PREFIXED_LANGUAGES.some((code) => pathname === `/${code}`)) throw redirect(`${pathname}/${search}`, 301);
  const languages = pageLanguages(pathname, siteUrl, content);
  const layout = layoutData(content, languages.language);
  return {
    layout,
    languages,
    // The layout's strings only, with staff's corrections read with the rest of this edition: a page that says
    // more sends its own (pageText), so no page carries another's.
    text: layoutText(languages.language, content.interfaceCorrections),
    enhanceScriptUrl,
    meta: {
      siteUrl,
      canonicalBase: languages.canonicalBase,
      localPrefix: languages.language === SOURCE_LANGUAGE ? "" : `/${languages.language}`,
      siteName: layout.organization,
      socialImage: content.pictures.socialImageUrl(siteUrl, "social/default", content.site.socialImage),
      socialImageAlt: content.site.socialImage?.alt ?? layout.organization,
    },
  };
}

/** Layout data is static content: a form submission never needs it reloaded. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) {
  return formMethod ? false : defaultShouldRevalidate;
}

export const meta: MetaFunction = () => [{ name: "theme-color", content: "#0f1d33" }];

/**
 * The font files a page's script needs (app.css declares them), asked for with the page rather than once its
 * stylesheet has arrived: they are then in hand before the first paint more often, and the text is not laid
 * out again when they come (a layout shift). A Latin-script page asks for none.
 */
const SCRIPT_FONTS: Record<Language["script"], string[]> = { latin: [], arabic: [arabicScriptRegular, arabicScriptBold] };

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const nonce = useNonce();
  const hydrate = wantsHydration(matches);
  const staffArea = inStaffArea(matches);
  const site = staffArea ? null : data;
  const language = languageOf(site?.languages.language ?? SOURCE_LANGUAGE);
  const text = data?.text ?? null;
  // A page not yet translated is English text inside the language's interface.
  const englishMain = language.code !== SOURCE_LANGUAGE && !site?.languages.translated;
  return (
    <html
      lang={language.code}
      dir={language.dir}
      data-script={language.script}
      data-hydrate={hydrate && !staffArea ? HYDRATE_ON_FIRST_USE : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {SCRIPT_FONTS[language.script].map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="anonymous" />
        ))}
        {site ? (
          <link rel="search" type="application/opensearchdescription+xml" href={href("/opensearch.xml")} title={site.layout.organization} />
        ) : null}
        {site?.languages.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-sand-50 font-sans text-ink antialiased">
        <TextProvider value={{ language: language.code, text }}>
          <a href="#main" className="skip-link">
            {text?.["layout.skipToContent"] ?? "Skip to main content"}
          </a>
          {staffArea ? (
            children
          ) : (
            <>
              {site ? <SiteHeader data={site.layout} languages={<LanguageSwitcher links={site.languages.links} />} /> : null}
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none" {...(englishMain ? { lang: "en", dir: "ltr" } : {})}>
                {englishMain && text ? (
                  <p lang={language.code} dir={language.dir} className="mx-auto max-w-7xl px-4 pt-4 text-sm text-sand-700">
                    {text["translation.notTranslated"]}
                  </p>
                ) : null}
                {site?.languages.mark ? <TranslationNote mark={site.languages.mark} /> : null}
                <InterfaceLangProvider value={englishMain ? { lang: language.code, dir: language.dir } : {}}>
                  {children}
                </InterfaceLangProvider>
              </main>
              {site ? <SiteFooter data={site.layout} /> : null}
            </>
          )}
        </TextProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {site ? <script type="module" src={site.enhanceScriptUrl} nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = errorBoundary({ ownTitle: true });
