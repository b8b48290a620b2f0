import type { Route } from "./+types/donate";
import { ClickToLoad } from "~/components/ui/ClickToLoad";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { pageText } from "~/i18n/interface-text.server";
import { languageOfPath } from "~/i18n/languages";
import { PageText, pageTextMeta, useText } from "~/i18n/text";
import { FIXED_PAGES } from "~/content/fixed-pages";

export function loader({ context, request }: Route.LoaderArgs) {
  const { content, embeds } = context.get(appContext);
  const { language } = languageOfPath(new URL(request.url).pathname);
  // The page does not hydrate: its strings stay on the server.
  return {
    donation: content.site.donation,
    autoloadEmbeds: embeds === "auto",
    text: pageText(language, ["donate", "forms"], {}, content.interfaceCorrections),
  };
}

export const meta = pageTextMeta(FIXED_PAGES.donate);

export default function Donate({ loaderData }: Route.ComponentProps) {
  return (
    <PageText text={loaderData.text}>
      <DonatePage {...loaderData} />
    </PageText>
  );
}

function DonatePage({ donation, autoloadEmbeds }: Route.ComponentProps["loaderData"]) {
  const { t, rich } = useText();
  const provider = donation.provider;
  // The provider's name is the organisation's content, in its own script: isolated where it sits in a sentence.
  const named = { provider: <bdi>{provider}</bdi> };
  return (
    <>
      <PageHeader title={t("donate.title")} intro={<p>{t("donate.intro")}</p>} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="how-to-give">
          <h2 id="how-to-give" className="font-serif text-2xl font-bold text-navy-900">
            {t("donate.howToGive")}
          </h2>
          <div className="prose-content mt-4">
            <p>{rich("donate.processing", named)}</p>
            <p>{rich("donate.eitherWay", named)}</p>
          </div>
          <a href={donation.hostedPageUrl} target="_blank" rel="noopener noreferrer" className="btn-gold mt-6">
            {rich("donate.hostedPage", named)}
            <span className="sr-only"> {t("forms.newTab")}</span>
          </a>
        </section>
        <section aria-labelledby="donation-form-heading">
          <h2 id="donation-form-heading" className="sr-only">
            {t("donate.formHeading")}
          </h2>
          <ClickToLoad
            provider={provider}
            what="donation form"
            directUrl={donation.hostedPageUrl}
            directLabel={t("donate.embedDirect", { provider })}
            autoload={autoloadEmbeds}
            className="h-[40rem] overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm"
            words={{ notice: t("donate.embedNotice", { provider }), load: t("donate.embedLoad", { provider }), newTab: t("forms.newTab") }}
            frame={{
              src: donation.widgetUrl,
              title: t("donate.frameTitle", { provider }),
              className: "h-full w-full",
              allow: "payment",
              referrerPolicy: "strict-origin-when-cross-origin",
            }}
          />
        </section>
      </div>
    </>
  );
}
