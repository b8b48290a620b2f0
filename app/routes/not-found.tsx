import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({
    title: "Page not found",
    description: "The page you're looking for doesn't exist.",
    path: "/404",
    root: root,
    noindex: true,
  });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return (
    <section
      className="mx-auto max-w-3xl px-4 py-24 text-center"
      data-console={`404 Error: User attempted to access non-existent route: ${loaderData.path}`}
    >
      <p aria-hidden="true" className="font-serif text-7xl font-bold text-gold-700">
        404
      </p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-navy-900">Oops! Page not found</h1>
      <p className="mt-8">
        <a href="/" className="btn-primary">
          Return to Home
        </a>
      </p>
    </section>
  );
}
