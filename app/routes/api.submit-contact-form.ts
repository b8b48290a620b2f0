import type { Route } from "./+types/api.submit-contact-form";
import { apiSubmission, methodNotAllowed } from "~/forms/api.server";
import { appContext } from "~/lib/app-context";

export function loader() {
  return methodNotAllowed();
}

export function action({ request, context }: Route.ActionArgs) {
  return apiSubmission("contact", request, context.get(appContext));
}
