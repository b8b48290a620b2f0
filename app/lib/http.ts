import { href } from "react-router";

/** Every Cache-Control value the site sends, in one place. */
export const CACHE_CONTROL = {
  /** Per-visitor or fast-changing answers: forms, JSON endpoints, health checks, errors. */
  none: "private, no-store",
  /**
   * Content pages and feeds: the same for every visitor. Staff edit every page (issue 20), so any cache may
   * keep one but must check back every time; the render cache answers that check with a 304 while the page is
   * unchanged, and what staff save shows on the next load.
   */
  page: "public, no-cache",
  /** Generated text files that change with a deploy: sitemap.xml, robots.txt. */
  hour: "public, max-age=3600",
} as const;

/** The staff area: everything under it is never cached, never indexed, and changed only from its own pages. */
export const STAFF_AREA = href("/admin");
export const isStaffPath = (path: string) => path === STAFF_AREA || path.startsWith(`${STAFF_AREA}/`);
export const isStaffArea = (request: Request) => isStaffPath(new URL(request.url).pathname);

/**
 * A page any cache may give to any visitor. Such a page is rendered without a nonce, so that the copy a
 * cache keeps carries nothing of the request that made it (server/documents.ts allows its code by hash).
 */
export const sharedByCaches = (cacheControl: string | null) => cacheControl?.startsWith("public") ?? false;

/** A route's `headers` for pages showing news: `page` when the page rendered; an error keeps its own headers. */
export const liveNewsHeaders = ({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit =>
  errorHeaders ?? { "Cache-Control": CACHE_CONTROL.page };
