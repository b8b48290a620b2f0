import { href } from "react-router";
import type { Route } from "./+types/sitemap[.]xml";
import { appContext } from "~/context.server";
import { CACHE_CONTROL } from "~/lib/http";

/** Every public page, for search engines (robots.txt points here). */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, content } = context.get(appContext);
  const paths = [
    href("/"),
    href("/about"),
    href("/communities"),
    ...content.communities.flatMap(({ slug: community }) => [
      href("/communities/:community", { community }),
      href("/communities/:community/news", { community }),
    ]),
    ...content.ideology.map(({ section }) => href("/ideology/:section", { section })),
    href("/team/board-of-directors"),
    ...content.directors.filter((m) => m.listed).map(({ id }) => href("/team/director/:id", { id })),
    href("/team/board-of-advisors"),
    ...content.advisors.map(({ id }) => href("/team/advisor/:id", { id })),
    href("/partners"),
    href("/join-us"),
    href("/donate"),
    href("/contact"),
    href("/privacy-policy"),
    href("/terms-of-use"),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((p) => `  <url><loc>${siteUrl}${p}</loc></url>`)
    .join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.hour } });
}
