import { href } from "react-router";
import type { Route } from "./+types/news[.]xml";
import { appContext } from "~/context.server";
import { atomFeed, atomResponse } from "~/news/feed.server";

/** The latest published news across every community. */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const { siteUrl, news } = context.get(appContext);
  const items = await news.feed(null);
  const organization = content.site.organization.name;
  return atomResponse(
    atomFeed({ siteUrl, organization, title: `${organization}: news`, feedPath: href("/news.xml"), pagePath: href("/communities"), items }),
  );
}
