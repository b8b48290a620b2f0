/** Abuse controls for the forms: honeypot, minimum fill time, per-address limits. */
import { HONEYPOT_FIELD, STARTED_FIELD } from "./protection";
import type { Limit, LimitStore, LimitStoreKind } from "~/lib/limits.server";

const RATE_WINDOW_SECONDS = 10 * 60;

/** A person takes longer than `minFillMs` (FORM_MIN_FILL_MS) to fill in a form; a script usually does not. */
export function looksAutomated(form: FormData, minFillMs: number, now = Date.now()): boolean {
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") return true;
  const started = Number(form.get(STARTED_FIELD));
  return Number.isFinite(started) && started > 0 && now - started < minFillMs;
}

/** Submissions per address per RATE_WINDOW_SECONDS (SUBMISSION_RATE_LIMIT). */
export async function createSubmissionLimiter(store: LimitStore, points: number): Promise<SubmissionLimiter> {
  return { kind: store.kind, ...(await store.limit("submissions", points, RATE_WINDOW_SECONDS)) };
}

export type SubmissionLimiter = Limit & { kind: LimitStoreKind };
