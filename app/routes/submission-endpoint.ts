// The forms' two JSON endpoints (docs/product.md, "JSON endpoints"), at /api/{name} and at /functions/v1/{name} (see app/forms/api.server.ts).
import type { Route } from "./+types/submission-endpoint";
import { endpointAction, endpointLoader } from "~/forms/api.server";
import { appContext } from "~/context.server";

export function loader({ params }: Route.LoaderArgs) {
  return endpointLoader(params.name);
}

export function action({ params, request, context }: Route.ActionArgs) {
  return endpointAction(params.name, request, context.get(appContext));
}
