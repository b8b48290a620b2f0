import { notFound } from "~/lib/responses";
import type { Route } from "./+types/legal";
import { PageHeader } from "~/components/ui/PageHeader";
import type { LegalPage } from "~/content/content.server";
import { pageMeta, rootMeta } from "~/lib/seo";
import { fillTokens, type RuntimeTokens } from "~/content/markdown.server";
import { appContext } from "~/context.server";
import { languageOfPath, SOURCE_LANGUAGE } from "~/i18n/languages";
import { SPAM_KEEP_DAYS } from "~/staff/inbox";
import { useText } from "~/i18n/text";
import { useInterfaceLang } from "~/i18n/interface-lang";

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
  const { t, rich, date, language } = useText();
  const own = useInterfaceLang();
  return (
    <>
      <PageHeader
        title={page.title}
        intro={<p {...own}>{rich("legal.lastUpdated", { date: <time dateTime={page.lastUpdated}>{date(page.lastUpdated)}</time> })}</p>}
      />
      <article className="prose-content mx-auto max-w-3xl px-4 py-14" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
      {onionAddress ? (
        // As text, never a link: copied into Tor Browser by whoever needs it, and no other browser tries to open it.
        <section aria-labelledby="onion" className="prose-content mx-auto max-w-3xl px-4 pb-14" {...own}>
          <h2 id="onion">{t("legal.tor")}</h2>
          <p>
            {rich("legal.torText", {
              address: (
                // An address reads left to right in every language (dir="ltr" inside a right-to-left sentence).
                <span className="break-all font-mono" dir={language === SOURCE_LANGUAGE ? undefined : "ltr"}>
                  {onionAddress}
                </span>
              ),
            })}
          </p>
        </section>
      ) : null}
    </>
  );
}
