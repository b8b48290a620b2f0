import { href, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData, type MetaFunction } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/layout/SiteFooter";
import { SiteHeader } from "./components/layout/SiteHeader";
import { errorBoundary } from "./components/ui/ErrorViews";
import { appContext } from "./context.server";
import { layoutData } from "./components/layout/layout-data.server";
import { useNonce } from "./lib/nonce";
import { inStaffArea, wantsHydration } from "./lib/route-handle";

export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, enhanceScriptUrl, content } = context.get(appContext);
  const layout = layoutData(content);
  return {
    layout,
    enhanceScriptUrl,
    meta: {
      siteUrl,
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

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const nonce = useNonce();
  const hydrate = wantsHydration(matches);
  const staffArea = inStaffArea(matches);
  const site = staffArea ? null : data;
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {site ? (
          <link rel="search" type="application/opensearchdescription+xml" href={href("/opensearch.xml")} title={site.layout.organization} />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-sand-50 font-sans text-ink antialiased">
        <a href="#main" className="skip-link">
          Skip to main content
        </a>
        {staffArea ? (
          children
        ) : (
          <>
            {site ? <SiteHeader data={site.layout} /> : null}
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            {site ? <SiteFooter data={site.layout} /> : null}
          </>
        )}
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
