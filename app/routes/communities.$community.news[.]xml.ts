import { data } from "react-router";
import type { Route } from "./+types/communities.$community.news[.]xml";
import { FEED_SIZE, newsForCommunity } from "../../db/news.server";
import { communityBySlug, content } from "~/content/content.server";
import { appContext } from "~/lib/app-context";
import { atomFeed, atomResponse } from "~/news/feed.server";

/** One community's published news, in the order its page shows it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const community = communityBySlug(params.community);
  if (!community) throw data("No such community", { status: 404 });
  const { siteUrl, news, database } = context.get(appContext);
  const items = await news.cached(`feed:${community.slug}`, () => newsForCommunity(database.db, community.slug, FEED_SIZE));
  return atomResponse(
    atomFeed({
      siteUrl,
      organization: content.site.organization.name,
      title: `News about ${community.name}`,
      feedPath: `/communities/${community.slug}/news.xml`,
      pagePath: `/communities/${community.slug}/news`,
      items,
    }),
  );
}
