import { href } from "react-router";
import type { Route } from "./+types/news[.]xml";
import { appContext } from "~/context.server";
import { atomFeed, atomResponse, feedIn } from "~/news/feed.server";

/** The latest published news across every community. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { siteUrl, news, content } = context.get(appContext);
  const items = await news.feed(null);
  const { organization, language, copyright, local, t } = feedIn(request, content);
  return atomResponse(
    atomFeed({
      siteUrl,
      organization,
      language,
      copyright,
      title: t("feed.siteNews", { organization }),
      feedPath: local(href("/news.xml")),
      pagePath: local(href("/communities")),
      items,
    }),
  );
}
