import type { AppRequestContext } from "~/lib/app-context";
import { handleSubmission } from "./handle-submission.server";
import type { FormKind } from "./submissions.server";

const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** SPEC §7's backend functions as JSON endpoints: 201 {id}, or a 4xx with a message (503 if storage is down). */
export async function apiSubmission(kind: FormKind, request: Request, ctx: AppRequestContext): Promise<Response> {
  const outcome = await handleSubmission(kind, request, ctx, "json");
  switch (outcome.status) {
    case 201:
      return json({ id: outcome.id }, 201);
    case 405:
      return json({ error: outcome.error }, 405, { Allow: "POST" });
    case 429:
      return json({ error: outcome.error }, 429, { "Retry-After": String(outcome.retryAfter) });
    default:
      return json(
        "fieldErrors" in outcome ? { error: outcome.error, fieldErrors: outcome.fieldErrors } : { error: outcome.error },
        outcome.status,
      );
  }
}

export const methodNotAllowed = () => json({ error: "Use POST." }, 405, { Allow: "POST" });
