/** Route-module pieces both form pages share (the server half is form-action.server.ts). */
import { CACHE_CONTROL } from "~/lib/http";
import type { FieldErrors } from "~/lib/validation";
import type { FormValues } from "./definitions";

/**
 * What a form page's action answers: the new form's key after a success, or what went wrong and what was
 * typed. `error` is said in the page's language (empty when the server could not be reached: the page says
 * its failure message); `fieldErrors` are message keys (forms/definitions.ts), which the page says.
 */
export type FormActionResult =
  | { ok: true; id: string; nextKey: string; startedAt: number }
  | { ok: false; error: string; fieldErrors?: FieldErrors; values: FormValues };

/** What one visitor typed is never cached anywhere. */
export const formPageHeaders = () => ({ "Cache-Control": CACHE_CONTROL.none });

/** A lost connection is a failure like any other: the form and what the visitor typed stay, and the page says its failure message. */
export function keepFormWhenOffline() {
  return async ({ serverAction }: { serverAction: () => Promise<FormActionResult> }): Promise<FormActionResult> => {
    try {
      return await serverAction();
    } catch {
      return { ok: false as const, error: "", values: {} };
    }
  };
}

/** The page's data does not change when a form is sent: no reloading it (which would also fail offline). */
export const neverRevalidate = () => false;
