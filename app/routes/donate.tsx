import type { Route } from "./+types/donate";
import { ClickToLoad } from "~/components/ui/ClickToLoad";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { staticPageMeta } from "~/lib/seo";
import { FIXED_PAGES } from "~/content/fixed-pages";

export function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return { donation: content.site.donation, autoloadEmbeds: context.get(appContext).embeds === "auto" };
}

export const meta = staticPageMeta(FIXED_PAGES.donate);

export default function Donate({ loaderData }: Route.ComponentProps) {
  const { donation, autoloadEmbeds } = loaderData;
  return (
    <>
      <PageHeader
        title="Support Our Mission"
        intro={<p>Your generous donation helps us unite, support, and advocate for our Common Bond Communities.</p>}
      />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 lg:grid-cols-[1fr_26rem]">
        <section aria-labelledby="how-to-give">
          <h2 id="how-to-give" className="font-serif text-2xl font-bold text-navy-900">
            How to give
          </h2>
          <div className="prose-content mt-4">
            <p>
              Donations are processed securely by {donation.provider}, our fundraising provider. We never see or store your card details.
              Contributions are tax-deductible to the extent allowed by law.
            </p>
            <p>
              You can give on {donation.provider}&rsquo;s own donation page, or load the donation form on this page. Either way, the gift
              reaches the same place.
            </p>
          </div>
          <a href={donation.hostedPageUrl} target="_blank" rel="noopener noreferrer" className="btn-gold mt-6">
            Donate on {donation.provider}&rsquo;s secure page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </section>
        <section aria-labelledby="donation-form-heading">
          <h2 id="donation-form-heading" className="sr-only">
            Donation form
          </h2>
          <ClickToLoad
            provider={donation.provider}
            what="donation form"
            directUrl={donation.hostedPageUrl}
            directLabel={`Open the donation page on ${donation.provider}`}
            autoload={autoloadEmbeds}
            className="h-[40rem] overflow-hidden rounded-xl border border-sand-200 bg-white shadow-sm"
            frame={{
              src: donation.widgetUrl,
              title: `Donation form by ${donation.provider}`,
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
