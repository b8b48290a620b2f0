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
