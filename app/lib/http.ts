/** Every Cache-Control value the site sends, in one place. */
export const CACHE_CONTROL = {
  /** Per-visitor or fast-changing answers: forms, JSON endpoints, health checks, errors. */
  none: "no-store",
  /** Content pages: the same for every visitor; a CDN may keep them a few minutes. */
  page: "public, max-age=300, stale-while-revalidate=3600",
  /**
   * Pages and feeds showing news: any cache may keep them but must check back every time, so what staff
   * publish shows on the next load.
   */
  live: "public, no-cache",
  /** Generated text files that change with a deploy: sitemap.xml, robots.txt. */
  hour: "public, max-age=3600",
} as const;

/** Everything under /admin: never cached, never indexed. */
export const STAFF_AREA_PREFIX = "/admin";
export const isStaffArea = (request: Request) => {
  const path = new URL(request.url).pathname;
  return path === STAFF_AREA_PREFIX || path.startsWith(`${STAFF_AREA_PREFIX}/`);
};

/** A route's `headers` for pages showing news: `live` when the page rendered; an error keeps its own headers. */
export const liveNewsHeaders = ({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit =>
  errorHeaders ?? { "Cache-Control": CACHE_CONTROL.live };
