import type { Route } from "./+types/contact";
import { PageHeader } from "~/components/ui/PageHeader";
import { content } from "~/content/content.server";
import { pageMeta, type RootMetaData } from "~/lib/seo";

export function loader() {
  return { email: content.site.email.address };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { meta: RootMetaData } | undefined;
  return pageMeta({ title: "Contact Us", description: "Contact Us", path: "/contact", root: root?.meta });
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Contact Us" />
      <div className="mx-auto max-w-3xl px-4 py-14">
        <p className="text-lg">
          Write to us at <a className="underline" href={`mailto:${loaderData.email}`}>{loaderData.email}</a>.
        </p>
      </div>
    </>
  );
}
