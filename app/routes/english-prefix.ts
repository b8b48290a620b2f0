import { redirect } from "react-router";
import { CACHE_CONTROL } from "~/lib/http";
import type { Route } from "./+types/english-prefix";

/** English has no prefix (app/i18n/languages.ts): /en/about is /about, for good. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const path = url.pathname.replace(/^\/en(?=\/|$)/, "") || "/";
  return redirect(path + url.search, { status: 301, headers: { "Cache-Control": CACHE_CONTROL.hour } });
}
