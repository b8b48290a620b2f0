import { href } from "react-router";
import type { Route } from "./+types/robots[.]txt";
import { appContext } from "~/context.server";
import { CACHE_CONTROL, STAFF_AREA } from "~/lib/http";

/** Search engines may read every public page; the endpoints, search results and the staff area are none of theirs. */
export function loader({ context }: Route.LoaderArgs) {
  const { siteUrl } = context.get(appContext);
  const text = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: ${href("/search")}\nDisallow: ${STAFF_AREA}\n\nSitemap: ${siteUrl}${href("/sitemap.xml")}\n`;
  return new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.hour } });
}
