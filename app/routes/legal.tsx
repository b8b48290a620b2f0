import { notFound } from "~/lib/responses";
import type { Route } from "./+types/legal";
import { PageHeader } from "~/components/ui/PageHeader";
import type { LegalPage } from "~/content/content.server";
import { formatDate } from "~/lib/dates";
import { pageMeta, rootMeta } from "~/lib/seo";
import { fillTokens, type RuntimeTokens } from "~/content/markdown.server";
import { appContext } from "~/context.server";
import { languageOfPath } from "~/i18n/languages";
import { SPAM_KEEP_DAYS } from "~/staff/inbox";

export function loader({ request, context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const slug = languageOfPath(new URL(request.url).pathname).path.replace(/^\/|\/$/g, "") as LegalPage;
  const page = content.legal[slug];
  if (!page) notFound();
  // The retention periods are the ones this server applies (RETENTION_DAYS), not a second copy in the text.
  const tokens: RuntimeTokens = {
    retentionDays: String(context.get(appContext).staff.settings.retentionDays),
    spamDays: String(SPAM_KEEP_DAYS),
  };
  const { onionUrl } = context.get(appContext);
  return {
    page: { ...page, bodyHtml: fillTokens(page.bodyHtml, tokens) },
    onionAddress: slug === "privacy-policy" && onionUrl ? new URL(onionUrl).host : null,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({ title: loaderData.page.title, description: loaderData.page.description, path: `/${loaderData.page.slug}`, root: root });
}

export default function Legal({ loaderData }: Route.ComponentProps) {
  const { page, onionAddress } = loaderData;
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
      {onionAddress ? (
        // As text, never a link: copied into Tor Browser by whoever needs it, and no other browser tries to open it.
        <section aria-labelledby="onion" className="prose-content mx-auto max-w-3xl px-4 pb-14">
          <h2 id="onion">Reaching this site through Tor</h2>
          <p>
            This site is also available as a Tor onion service, at <span className="break-all font-mono">{onionAddress}</span>. Type or
            paste that address into Tor Browser. Tor Browser also offers it on its own when you visit this site.
          </p>
        </section>
      ) : null}
    </>
  );
}
