import type { Route } from "./+types/auth";
import { appContext } from "~/context.server";
import { jsonAnswer } from "~/lib/responses";
import { isPasskeyEndpoint } from "~/staff/auth-paths";

/** The passkey ceremony needs the browser, so it reaches the auth library's own handler; nothing else of it does. */
function passkeyCeremony({ request, params, context }: Route.LoaderArgs | Route.ActionArgs) {
  if (!isPasskeyEndpoint(params["*"])) return jsonAnswer(404, { error: "Not found." });
  return context.get(appContext).staff.auth.handler(request);
}

export const loader = passkeyCeremony;
export const action = passkeyCeremony;
