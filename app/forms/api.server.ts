/**
 * SPEC §7's backend functions as JSON endpoints: 201 {id}, or a 4xx with a message (503 if storage is
 * down). The same answers at /api/{name} and at /functions/v1/{name}, where the original front end's
 * backend client library (`functions.invoke(name, { body })`) posts them. Its Authorization, apikey and
 * x-client-info headers are accepted and ignored: these are public forms.
 */
import { CACHE_CONTROL } from "~/lib/http";
import type { AppRequestContext } from "~/lib/app-context";
import { corsHeaders } from "./cors";
import { FORMS, type FormDefinition } from "./definitions";
import { handleSubmission, METHOD_NOT_ALLOWED, type SubmissionOutcome } from "./handle-submission.server";

const formByFunctionName = (name: string | undefined): FormDefinition | undefined => FORMS.find((f) => f.functionName === name);

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_CONTROL.none, ...headers },
  });

function answer(outcome: SubmissionOutcome, cors: Record<string, string>): Response {
  switch (outcome.status) {
    case 201:
      return json({ id: outcome.id }, 201, cors);
    case 405:
      return json({ error: outcome.error }, 405, { ...cors, Allow: "POST" });
    case 429:
      return json({ error: outcome.error }, 429, { ...cors, "Retry-After": String(outcome.retryAfter) });
    default:
      return json(
        "fieldErrors" in outcome ? { error: outcome.error, fieldErrors: outcome.fieldErrors } : { error: outcome.error },
        outcome.status,
        cors,
      );
  }
}

const notFound = () => json({ error: "There is no such function." }, 404);

/** GET or HEAD on an endpoint: it takes POST only. */
export function endpointLoader(name: string | undefined): Response {
  return formByFunctionName(name) ? answer(METHOD_NOT_ALLOWED, {}) : notFound();
}

/** POST (and any other method) on an endpoint. A browser's preflight (OPTIONS) is answered in server/app.ts. */
export async function endpointAction(name: string | undefined, request: Request, ctx: AppRequestContext): Promise<Response> {
  const form = formByFunctionName(name);
  if (!form) return notFound();
  const cors = corsHeaders(request.headers.get("origin"), ctx.submissions.allowedOrigins);
  return answer(await handleSubmission(form, request, ctx, "json"), cors);
}
