import { href } from "react-router";
import type { Route } from "./+types/sitemap[.]xml";
import { appContext } from "~/context.server";
import { localPath } from "~/i18n/languages";
import { languagesOfPage } from "~/content/page-languages.server";
import { CACHE_CONTROL } from "~/lib/http";

/**
 * Every public page, for search engines (robots.txt points here): each in every language it is published in,
 * each address with all of them as alternates and English as the default (Google's sitemap form of hreflang).
 */
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
  const urls = paths.flatMap((path) => {
    const languages = languagesOfPage(content, path);
    if (languages.length === 1) return [`  <url><loc>${siteUrl}${path}</loc></url>`];
    const alternates = [
      ...languages.map((code) => `<xhtml:link rel="alternate" hreflang="${code}" href="${siteUrl}${localPath(code, path)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${siteUrl}${path}"/>`,
    ].join("");
    return languages.map((code) => `  <url><loc>${siteUrl}${localPath(code, path)}</loc>${alternates}</url>`);
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": CACHE_CONTROL.hour } });
}
