/**
 * Not found, one mechanism: a loader throws `notFound()` (a 404 response) and the route's ErrorBoundary,
 * made by `notFoundBoundary`, renders SPEC's view for that kind of page; `notFoundMeta` gives its title.
 */
import { data, isRouteErrorResponse } from "react-router";
import { pageMeta, type RootMetaData } from "~/lib/seo";

/** What SPEC shows when the thing a URL names does not exist. */
export interface NotFoundPage {
  title: string;
  text?: string;
  backHref: string;
  backLabel: string;
  /** Lines logged to the browser console, from what the loader threw. */
  consoleLines?: (detail: Record<string, string | undefined>) => string[];
}

/** Thrown by a loader when the thing named in the URL does not exist. */
export function notFound(detail: Record<string, string | undefined> = {}): never {
  throw data(detail, { status: 404 });
}

function NotFoundView({ page, detail }: { page: NotFoundPage; detail: Record<string, string | undefined> }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      {(page.consoleLines?.(detail) ?? []).map((line) => (
        <span key={line} hidden data-console={line} />
      ))}
      <h1 className="font-serif text-4xl font-bold text-navy-900">{page.title}</h1>
      {page.text ? <p className="mt-4 text-lg">{page.text}</p> : null}
      <p className="mt-8">
        <a href={page.backHref} className="btn-primary">
          {page.backLabel}
        </a>
      </p>
    </section>
  );
}

const returnHome = (
  <p className="mt-8">
    <a href="/" className="btn-primary">
      Return to Home
    </a>
  </p>
);

/** The 404 page for an unknown path (SPEC §2), and for anything else that is not found. */
export function PageNotFound({ path }: { path?: string }) {
  return (
    <section
      className="mx-auto max-w-3xl px-4 py-24 text-center"
      data-console={path ? `404 Error: User attempted to access non-existent route: ${path}` : undefined}
    >
      <p aria-hidden="true" className="font-serif text-7xl font-bold text-gold-700">
        404
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-navy-900">Oops! Page not found</h1>
      {returnHome}
    </section>
  );
}

/** Anything but a 404 that escapes a loader or a render: no details, a way home. */
export function SomethingWentWrong() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <title>Something went wrong</title>
      <h1 className="font-serif text-4xl font-bold text-navy-900">Something went wrong</h1>
      <p className="mt-4 text-lg">Please try again in a moment.</p>
      {returnHome}
    </section>
  );
}

/** What a route's ErrorBoundary shows: its own not-found view for a 404, the general error view otherwise. */
export function RouteError({ error, page }: { error: unknown; page: NotFoundPage }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundView page={page} detail={error.data ?? {}} />;
  return <SomethingWentWrong />;
}

/** A route's ErrorBoundary for a route with one not-found view. */
export function notFoundBoundary(page: NotFoundPage) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    return <RouteError error={error} page={page} />;
  };
}

/** The title and description of a route's not-found view; never indexed. */
export function notFoundMeta(page: NotFoundPage, root: RootMetaData | undefined) {
  return pageMeta({ title: page.title, description: page.text ?? page.title, path: page.backHref, root, noindex: true });
}
