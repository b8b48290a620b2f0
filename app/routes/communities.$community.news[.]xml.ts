import { href } from "react-router";
import type { Route } from "./+types/communities.$community.news[.]xml";
import { communityBySlug } from "~/content/snapshot.server";
import { appContext } from "~/context.server";
import { jsonAnswer } from "~/lib/responses";
import { atomFeed, atomResponse } from "~/news/feed.server";

/** One community's published news, in the order its page shows it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const community = communityBySlug(content, params.community);
  if (!community) return jsonAnswer(404, { error: "There is no such community." });
  const { siteUrl, news } = context.get(appContext);
  const items = await news.feed(community.slug);
  return atomResponse(
    atomFeed({
      siteUrl,
      organization: content.site.organization.name,
      title: `News about ${community.name}`,
      feedPath: href("/communities/:community/news.xml", { community: community.slug }),
      pagePath: href("/communities/:community/news", { community: community.slug }),
      items,
    }),
  );
}
