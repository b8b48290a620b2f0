/** Express middleware for everything under /admin, before React Router sees it. */
import type { RequestHandler } from "express";
import { CACHE_CONTROL } from "~/lib/http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * No cache and no index for every answer, and a state change only when the browser says it comes from
 * the site itself: the Origin header (sent by every current browser on POST), else Sec-Fetch-Site.
 */
export function staffAreaGuard(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    res.setHeader("Cache-Control", CACHE_CONTROL.none);
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.headers.origin;
    const ownOrigin = `${req.protocol}://${req.headers.host}`;
    const sameOrigin =
      origin !== undefined && origin !== "null"
        ? origin === siteOrigin || origin === ownOrigin
        : req.headers["sec-fetch-site"] === "same-origin";
    if (!sameOrigin) {
      res.status(403).type("text/plain").send("This request did not come from the staff area's own pages.");
      return;
    }
    next();
  };
}

/**
 * A route's `headers` export for pages whose actions answer with cookies or Retry-After: without it, a
 * browser without JavaScript (a full-page POST) would get the page but not those headers.
 */
export function actionHeaders({ actionHeaders }: { actionHeaders: Headers }): Headers {
  return actionHeaders;
}

/** Response headers that set these cookies (as the auth library answered them). */
export function setCookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * The page a request is for, as a path with its query: with JavaScript, React Router asks for
 * `/path.data?…` (and adds its own `_routes`); without, for the page itself.
 */
export function pagePathOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const query = url.searchParams.toString();
  return url.pathname.replace(/\.data$/, "") + (query ? `?${query}` : "");
}
