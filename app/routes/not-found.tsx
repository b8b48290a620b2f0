import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { PageNotFound } from "~/components/ui/ErrorViews";
import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

/** A POST (or any other method) to an unknown path is not found either, not "method not allowed". */
export const action = loader;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaText(matches);
  return pageMeta({
    title: t("notFound.metaTitle"),
    description: t("notFound.metaDescription"),
    path: "/404",
    root: rootMeta(matches),
    noindex: true,
  });
};

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <PageNotFound path={loaderData.path} />;
}
