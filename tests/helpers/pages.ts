/** One example of every route in the route table (docs/product.md, "Pages"), for tests that visit them all (sorted, to find one easily). */
export const ROUTE_EXAMPLES = [
  "/",
  "/about",
  "/communities",
  "/communities/yazidis",
  "/communities/yazidis/news",
  "/contact",
  "/donate",
  "/ideology/same-ideology",
  "/join-us",
  "/partners",
  "/privacy-policy",
  "/search?q=yazidi",
  "/team/advisor/ruth-example",
  "/team/board-of-advisors",
  "/team/board-of-directors",
  "/team/director/amira-placeholder",
  "/terms-of-use",
];

/**
 * A page of every kind a visitor can reach: each route, the site's own not-found page and a route's. axe checks
 * each once on a desktop and once on a phone; the other pages share these templates.
 */
export const PAGE_KINDS = [...ROUTE_EXAMPLES, "/no-such-page", "/communities/atlantis"];

/**
 * The same templates in a right-to-left language (issue 34): the mirrored header and drawer, the
 * not-yet-translated line, a form, the results, the lists of documents with their English items inside an
 * Arabic page, and the not-found page, each checked by axe like the rest.
 */
export const RIGHT_TO_LEFT_PAGE_KINDS = [
  "/ar/",
  "/ar/communities",
  "/ar/communities/yazidis",
  "/ar/communities/yazidis/news",
  "/ar/contact",
  "/ar/partners",
  "/ar/search?q=yazidi",
  "/ar/team/board-of-directors",
  "/ar/no-such-page",
];
