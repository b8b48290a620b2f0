import { languageOfPath } from "../../app/i18n/languages";

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
 * Addresses that one route module answers with the same template as another example: the terms beside the
 * privacy policy (legal.tsx), the advisors' board beside the directors' (team.board.tsx), and a director's page
 * beside an advisor's (team.member.tsx), which has the back link a director's lacks.
 */
const SAME_TEMPLATE = new Set(["/terms-of-use", "/team/board-of-advisors", "/team/director/amira-placeholder"]);

/**
 * A page of every kind a visitor can reach: one example of each template, the site's own not-found page and a
 * route's. axe checks each once on a desktop and once on a phone; the other pages share these templates.
 */
export const PAGE_KINDS = [...ROUTE_EXAMPLES.filter((path) => !SAME_TEMPLATE.has(path)), "/no-such-page", "/communities/atlantis"];

/**
 * The same kinds in a right-to-left language (issue 34: axe on every public page kind in Arabic): the mirrored
 * header and drawer, the not-yet-translated line, the forms, the results, the lists of documents with their
 * English items inside an Arabic page, and both not-found pages.
 */
export const RIGHT_TO_LEFT_PAGE_KINDS = PAGE_KINDS.map((path) => (path === "/" ? "/ar/" : `/ar${path}`));

/** The languages the tests that visit every page of the sitemap read it in: one left to right, one right to left. */
export const SITEMAP_LANGUAGES = ["en", "ar"];

/**
 * The addresses of a sitemap (its `<loc>`s) in SITEMAP_LANGUAGES. The other languages' pages are made by the
 * same code from the same templates; all six made every such test grow with the sitemap (236 pages).
 */
export const sitemapPaths = (sitemap: string) =>
  [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .filter((path) => SITEMAP_LANGUAGES.includes(languageOfPath(path).language));
