import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { AppRequestContext } from "~/lib/app-context";
import type { FieldErrors, FormDefinition, FormValues } from "./definitions";
import { handleSubmission } from "./handle-submission.server";

export type FormActionResult =
  | { ok: true; id: string; nextKey: string; startedAt: number }
  | { ok: false; error: string; fieldErrors?: FieldErrors; values: FormValues };

/** The route action both form pages use: the shared pipeline, answered as page data. */
export async function formAction(form: FormDefinition, request: Request, ctx: AppRequestContext) {
  const outcome = await handleSubmission(form, request, ctx, "form");
  if (outcome.status === 201) {
    return { ok: true, id: outcome.id, nextKey: randomUUID(), startedAt: Date.now() } satisfies FormActionResult;
  }
  const result: FormActionResult = {
    ok: false,
    error: outcome.error,
    fieldErrors: "fieldErrors" in outcome ? outcome.fieldErrors : undefined,
    values: outcome.values ?? {},
  };
  return data(result, {
    status: outcome.status,
    headers: "retryAfter" in outcome ? { "Retry-After": String(outcome.retryAfter) } : undefined,
  });
}

export function formLoaderData() {
  return { submissionKey: randomUUID(), startedAt: Date.now() };
}
