import { href } from "react-router";
import type { Route } from "./+types/communities.$community.news[.]xml";
import { communityBySlug } from "~/content/snapshot.server";
import { appContext } from "~/context.server";
import { jsonAnswer } from "~/lib/responses";
import { atomFeed, atomResponse, feedIn } from "~/news/feed.server";

/** One community's published news, in the order its page shows it. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const community = communityBySlug(content, params.community);
  if (!community) return jsonAnswer(404, { error: "There is no such community." });
  const { siteUrl, news } = context.get(appContext);
  const items = await news.feed(community.slug);
  const { organization, language, copyright, local, t } = feedIn(request, content);
  return atomResponse(
    atomFeed({
      siteUrl,
      organization,
      language,
      copyright,
      title: t("community.newsFeed", { name: community.name }),
      feedPath: local(href("/communities/:community/news.xml", { community: community.slug })),
      pagePath: local(href("/communities/:community/news", { community: community.slug })),
      items,
    }),
  );
}
