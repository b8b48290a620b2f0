import { href } from "react-router";
import type { Route } from "./+types/partners";
import { PageHeader } from "~/components/ui/PageHeader";
import { Picture } from "~/components/ui/Picture";
import { appContext } from "~/context.server";
import { staticPageMeta } from "~/lib/seo";
import { FIXED_PAGES } from "~/content/fixed-pages";

export function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  return {
    partners: content.partners.map((p) => ({
      ...p,
      logo: content.pictures.picture(`partners/${p.id}`, `${p.name} logo`, { upload: p.logo, kind: "logo" }),
    })),
  };
}

export const meta = staticPageMeta(FIXED_PAGES.partners);

export default function Partners({ loaderData }: Route.ComponentProps) {
  const { partners } = loaderData;
  return (
    <>
      <PageHeader title="Our Partners" intro={<p>Organizations that stand with our Common Bond Communities.</p>} />
      <div className="mx-auto max-w-6xl px-4 py-14">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {partners.map((p) => (
            <li key={p.id} className="flex flex-col rounded-xl border border-sand-200 bg-white p-6 shadow-sm" data-reveal>
              <Picture image={p.logo} sizes="240px" imgClassName="h-24 w-auto rounded-md" />
              <h2 className="mt-4 font-serif text-xl font-bold text-navy-900">{p.name}</h2>
              <p className="mt-2 flex-1 text-sand-700">{p.description}</p>
              <a href={p.website} target="_blank" rel="noopener noreferrer" className="btn-primary mt-6 self-start">
                Visit Website<span className="sr-only"> of {p.name} (opens in a new tab)</span>
              </a>
            </li>
          ))}
          <li className="flex flex-col rounded-xl border-2 border-dashed border-gold-500 bg-sand-100 p-6" data-reveal>
            <h2 className="font-serif text-xl font-bold text-navy-900">Become a Partner</h2>
            <p className="mt-2 flex-1 text-sand-700">
              Does your organization work with persecuted communities, or want to? We would like to hear from you.
            </p>
            <a href={`${href("/contact")}?subject=Partnership`} className="btn-gold mt-6 self-start">
              Contact Us About Partnership
            </a>
          </li>
        </ul>
      </div>
    </>
  );
}
