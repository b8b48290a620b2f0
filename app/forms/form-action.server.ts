import { randomUUID } from "node:crypto";
import { data } from "react-router";
import type { AppRequestContext } from "~/lib/app-context";
import { handleSubmission } from "./handle-submission.server";
import { PROTECTION_FIELDS } from "./protection";
import type { FieldErrors } from "./schemas";
import type { FormKind } from "./submissions.server";

export type FormValues = Record<string, string | string[] | boolean>;

export type FormActionResult =
  | { ok: true; id: string; nextKey: string; startedAt: number }
  | { ok: false; error: string; fieldErrors?: FieldErrors; values: FormValues };

/** What the visitor typed, to put back in the form when it comes back with errors (no JavaScript). */
async function echoValues(request: Request): Promise<FormValues> {
  try {
    const form = await request.formData();
    const values: FormValues = {};
    for (const [key, value] of form) {
      if (typeof value !== "string" || PROTECTION_FIELDS.includes(key)) continue;
      if (key === "interests") values.interests = [...((values.interests as string[]) ?? []), value];
      else if (key === "agree_to_terms") values.agree_to_terms = true;
      else values[key] = value;
    }
    return values;
  } catch {
    return {};
  }
}

/** The route action both form pages use: the shared pipeline, answered as page data. */
export async function formAction(kind: FormKind, request: Request, ctx: AppRequestContext) {
  const copy = request.clone();
  const outcome = await handleSubmission(kind, request, ctx, "form");
  if (outcome.status === 201) {
    return { ok: true, id: outcome.id, nextKey: randomUUID(), startedAt: Date.now() } satisfies FormActionResult;
  }
  const values = [400, 429, 503].includes(outcome.status) ? await echoValues(copy) : {};
  const result: FormActionResult = {
    ok: false,
    error: outcome.error,
    fieldErrors: "fieldErrors" in outcome ? outcome.fieldErrors : undefined,
    values,
  };
  return data(result, {
    status: outcome.status,
    headers: outcome.status === 429 ? { "Retry-After": String(outcome.retryAfter) } : undefined,
  });
}

export function formLoaderData() {
  return { submissionKey: randomUUID(), startedAt: Date.now() };
}
