import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { PageNotFound } from "~/components/ui/ErrorViews";
import { staticPageMeta } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

/** A POST (or any other method) to an unknown path is not found either, not "method not allowed". */
export const action = loader;

export const meta = staticPageMeta({
  title: "Page not found",
  description: "The page you're looking for doesn't exist.",
  path: "/404",
  noindex: true,
});

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <PageNotFound path={loaderData.path} />;
}
