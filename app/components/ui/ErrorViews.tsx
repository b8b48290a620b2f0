/**
 * The one error boundary. A loader or action refuses with a helper of lib/responses.ts (404, 403, 401…);
 * the route's `ErrorBoundary`, made by `errorBoundary()`, shows the view for that status: on the public
 * site the page's own not-found view (docs/product.md, "Not found") or a plain "Something went wrong";
 * in the staff area the same frame as its other pages, with what the server said.
 */
import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { SearchForm } from "~/components/search/SearchForm";
import { Notice, StaffShell } from "~/components/staff/StaffShell";
import type { Refusal } from "~/lib/responses";
import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";
import { STAFF_HOME } from "~/staff/home";
import { useText, type MessageKey } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

/** What a page shows when the thing its address names does not exist: its words as interface text keys. */
export interface NotFoundPage {
  title: MessageKey;
  text?: MessageKey;
  /** The English address, put in the page's language. */
  backHref: string;
  backLabel: MessageKey;
  /** Lines logged to the browser console, from what the loader refused with. */
  consoleLines?: (detail: Refusal) => string[];
}

/** Every word of these views is the interface's: inside an untranslated page's English <main>, marked so. */
function Centered({ children, console }: { children: ReactNode; console?: string }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center" data-console={console} {...useInterfaceLang()}>
      {children}
    </section>
  );
}

const ButtonLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <p className="mt-8">
    <a href={href} className="btn-primary">
      {children}
    </a>
  </p>
);

/** A visitor who followed a broken or mistyped address can search for what they came for. */
function FindThePage() {
  const { t } = useText();
  return (
    <div className="mx-auto mt-8 max-w-md text-start">
      <SearchForm landmark={t("search.landmark.notFound")} id="not-found-q" />
    </div>
  );
}

function NotFoundView({ page, detail }: { page: NotFoundPage; detail: Refusal }) {
  const { t, local } = useText();
  return (
    <Centered>
      {(page.consoleLines?.(detail) ?? []).map((line) => (
        <span key={line} hidden data-console={line} />
      ))}
      <h1 className="font-serif text-4xl font-bold text-navy-900">{t(page.title)}</h1>
      {page.text ? <p className="mt-4 text-lg">{t(page.text)}</p> : null}
      <FindThePage />
      <ButtonLink href={local(page.backHref)}>{t(page.backLabel)}</ButtonLink>
    </Centered>
  );
}

/** The 404 page for an unknown address, and for anything else not found that has no view of its own. */
export function PageNotFound({ path }: { path?: string }) {
  const { t, local, number } = useText();
  return (
    <Centered console={path ? `404 Error: User attempted to access non-existent route: ${path}` : undefined}>
      <p aria-hidden="true" className="font-serif text-7xl font-bold text-gold-700">
        {number(404, { useGrouping: false })}
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-navy-900">{t("notFound.title")}</h1>
      <FindThePage />
      <ButtonLink href={local("/")}>{t("notFound.home")}</ButtonLink>
    </Centered>
  );
}

/** Anything but a 404 that escapes a loader or a render: no details, a way home. */
function SomethingWentWrong() {
  const { t, local } = useText();
  return (
    <Centered>
      <title>{t("error.title")}</title>
      <h1 className="font-serif text-4xl font-bold text-navy-900">{t("error.title")}</h1>
      <p className="mt-4 text-lg">{t("error.text")}</p>
      <ButtonLink href={local("/")}>{t("notFound.home")}</ButtonLink>
    </Centered>
  );
}

const STAFF_HEADINGS: Record<number, string> = { 403: "Not allowed", 404: "Not found" };

function StaffError({ status, said }: { status: number; said: string | undefined }) {
  const heading = STAFF_HEADINGS[status] ?? "Error";
  const message =
    said ?? (status === 404 ? "There is nothing at this address. It may have been deleted." : "Something went wrong. Please try again.");
  return (
    <StaffShell nav={null}>
      <title>{`${heading} · Staff area`}</title>
      <h1 className="font-serif text-2xl font-bold text-navy-900">{heading}</h1>
      <div className="mt-4 max-w-xl space-y-4">
        <Notice kind="error">{message}</Notice>
        <Link to={STAFF_HOME} className="underline">
          Back to the inbox
        </Link>
      </div>
    </StaffShell>
  );
}

interface ErrorViewOptions {
  /** The page's own not-found view, or one chosen by the address (a director's or an advisor's page). */
  notFound?: NotFoundPage | ((pathname: string) => NotFoundPage);
  staffArea?: boolean;
  /** The root's boundary: no route's meta names the page, so the view gives its own title. */
  ownTitle?: boolean;
}

function ErrorView({ error, notFound, staffArea, ownTitle }: ErrorViewOptions & { error: unknown }) {
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const refusal: Refusal = (isRouteErrorResponse(error) ? (error.data as Refusal | null) : null) ?? {};
  if (staffArea) return <StaffError status={status} said={refusal.error} />;
  if (status !== 404) return <SomethingWentWrong />;
  const page = typeof notFound === "function" ? notFound(pathname) : notFound;
  if (page) return <NotFoundView page={page} detail={refusal} />;
  return (
    <>
      {ownTitle ? <NotFoundTitle /> : null}
      <PageNotFound />
    </>
  );
}

function NotFoundTitle() {
  const { t } = useText();
  return <title>{t("notFound.title")}</title>;
}

/** A route's `ErrorBoundary`. */
export function errorBoundary(options: ErrorViewOptions = {}) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <ErrorView error={error} {...options} />;
  };
}

/** The title and description of a route's not-found view, in the page's language; never indexed. */
export function notFoundMeta(page: NotFoundPage, matches: readonly unknown[]) {
  const t = metaText(matches);
  return pageMeta({
    title: t(page.title),
    description: t(page.text ?? page.title),
    path: page.backHref,
    root: rootMeta(matches),
    noindex: true,
  });
}
