/**
 * The forms' JSON endpoints (docs/product.md, "JSON endpoints"): 201 {id}, or a 4xx with a message (503
 * if storage is down). The same answers at /api/{name} and at /functions/v1/{name}, where the original
 * front end's backend client library (`functions.invoke(name, { body })`) posts them. Its Authorization,
 * apikey and x-client-info headers are accepted and ignored: these are public forms.
 *
 * A body may say the language the person wrote in beside the fields (`"language": "fa"`, one of
 * app/i18n/languages.ts; English when absent): the submission records it, and the answer, its field
 * messages included, is said in it.
 */
import { jsonAnswer } from "~/lib/responses";
import { corsHeaders } from "./cors";
import { FORMS, type FormDefinition } from "./definitions";
import { handleSubmission, METHOD_NOT_ALLOWED, sayFieldErrors, type SubmissionOutcome } from "./handle-submission.server";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import type { FormsContext } from "./service.server";
import type { InterfaceCorrections } from "~/i18n/interface-text.server";

const formByFunctionName = (name: string | undefined): FormDefinition | undefined => FORMS.find((f) => f.functionName === name);

function answer(outcome: SubmissionOutcome, cors: Record<string, string>, corrections?: InterfaceCorrections): Response {
  switch (outcome.status) {
    case 201:
      return jsonAnswer(201, { id: outcome.id }, cors);
    case 405:
      return jsonAnswer(405, { error: outcome.error }, { ...cors, Allow: "POST" });
    case 429:
      return jsonAnswer(429, { error: outcome.error }, { ...cors, "Retry-After": String(outcome.retryAfter) });
    default:
      return jsonAnswer(
        outcome.status,
        "fieldErrors" in outcome && outcome.fieldErrors
          ? { error: outcome.error, fieldErrors: sayFieldErrors(outcome.language ?? SOURCE_LANGUAGE, outcome.fieldErrors, corrections) }
          : { error: outcome.error },
        cors,
      );
  }
}

const noSuchFunction = () => jsonAnswer(404, { error: "There is no such function." });

/** GET or HEAD on an endpoint: it takes POST only. */
export function endpointLoader(name: string | undefined): Response {
  return formByFunctionName(name) ? answer(METHOD_NOT_ALLOWED, {}) : noSuchFunction();
}

/** POST (and any other method) on an endpoint. A browser's preflight (OPTIONS) is answered in server/http.ts. */
export async function endpointAction(name: string | undefined, request: Request, ctx: FormsContext): Promise<Response> {
  const form = formByFunctionName(name);
  if (!form) return noSuchFunction();
  const cors = corsHeaders(request.headers.get("origin"), ctx.submissions.allowedOrigins);
  return answer(await handleSubmission(form, request, ctx, "json"), cors, ctx.content.interfaceCorrections);
}
