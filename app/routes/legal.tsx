import { data } from "react-router";
import type { Route } from "./+types/legal";
import { PageHeader } from "~/components/ui/PageHeader";
import type { LegalPage } from "~/content/content.server";
import { content } from "~/content/content.server";
import { formatDate } from "~/lib/dates";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, "") as LegalPage;
  const page = content.legal[slug];
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({ title: loaderData.page.title, description: loaderData.page.description, path: `/${loaderData.page.slug}`, root: root });
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageHeader
        title={page.title}
        intro={
          <p>
            Last updated <time dateTime={page.lastUpdated}>{formatDate(page.lastUpdated)}</time>
          </p>
        }
      />
      <article className="prose-content mx-auto max-w-3xl px-4 py-14" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
    </>
  );
}
