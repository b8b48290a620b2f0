/** The server half of both form pages: their loader's data and their action (the browser half is form-page.ts). */
import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { pageText, type InterfaceCorrections } from "~/i18n/interface-text.server";
import { languageOfPath } from "~/i18n/languages";
import { MESSAGE_VALUES, type FormDefinition } from "./definitions";
import type { FormActionResult } from "./form-page";
import { handleSubmission } from "./handle-submission.server";
import type { FormsContext } from "./service.server";

/** The route action both form pages use: the shared pipeline, answered as page data. */
export async function formAction(form: FormDefinition, request: Request, ctx: FormsContext) {
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

/**
 * A form page's loader data: a new submission key, when the form was shown, and the page's strings in the
 * language of its address, its messages already said with their maximums (so the browser's live
 * validation speaks that language without a message library).
 */
export function formLoaderData(form: FormDefinition, request: Request, corrections?: InterfaceCorrections) {
  const { language } = languageOfPath(new URL(request.url).pathname);
  return {
    submissionKey: randomUUID(),
    startedAt: Date.now(),
    // With staff's corrections of the interface text, from the request's edition.
    text: pageText(language, ["forms", form.kind], MESSAGE_VALUES, corrections),
  };
}
