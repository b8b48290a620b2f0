import type { Route } from "./+types/sitemap[.]xml";
import { content } from "~/content/content.server";
import { appContext } from "~/lib/app-context";
import { CACHE_CONTROL } from "~/lib/http";

/** Every public page, for search engines (robots.txt points here). */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(appContext);
  const paths = [
    "/",
    "/about",
    "/communities",
    ...content.communities.flatMap((c) => [`/communities/${c.slug}`, `/communities/${c.slug}/news`]),
    ...content.ideology.map((a) => `/ideology/${a.section}`),
    "/team/board-of-directors",
    ...content.directors.filter((m) => m.listed).map((m) => `/team/director/${m.id}`),
    "/team/board-of-advisors",
    ...content.advisors.map((m) => `/team/advisor/${m.id}`),
    "/partners",
    "/join-us",
    "/donate",
    "/contact",
    "/privacy-policy",
    "/terms-of-use",
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((p) => `  <url><loc>${siteUrl}${p}</loc></url>`)
    .join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.hour } });
}
