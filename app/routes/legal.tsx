import { data } from "react-router";
import type { Route } from "./+types/legal";
import { PageHeader } from "~/components/ui/PageHeader";
import type { LegalPage } from "~/content/catalog";
import { content } from "~/content/content.server";
import { pageMeta, type RootMetaData } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/|\/$/g, "") as LegalPage;
  const page = content.legal[slug];
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { meta: RootMetaData } | undefined;
  return pageMeta({ title: loaderData.page.title, description: loaderData.page.description, path: `/${loaderData.page.slug}`, root: root?.meta });
}

const formatDate = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

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
