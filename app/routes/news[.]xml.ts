import type { Route } from "./+types/news[.]xml";
import { latestNews } from "../../db/news.server";
import { content } from "~/content/content.server";
import { appContext } from "~/lib/app-context";
import { atomFeed, atomResponse } from "~/news/feed.server";

/** The latest published news across every community. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteUrl, news, database } = context.get(appContext);
  const items = await news.cached("feed:all", () => latestNews(database.db));
  const organization = content.site.organization.name;
  return atomResponse(
    atomFeed({ siteUrl, organization, title: `${organization}: news`, feedPath: "/news.xml", pagePath: "/communities", items }),
  );
}
