/**
 * One pipeline for both forms, behind both doors: the pages' route actions (HTML forms, with or without
 * JavaScript) and the JSON endpoints (SPEC §7's backend functions). Anything a client sends gets a clear
 * 4xx answer; only a database outage answers 503, and then the visitor keeps what they typed.
 */
import type { AppRequestContext } from "~/lib/app-context";
import { looksAutomated } from "./abuse.server";
import { KEY_FIELD } from "./protection";
import { CONTACT_FIELDS, contactSchema, formDataToObject, JOIN_FIELDS, joinSchema, validate, type FieldErrors } from "./schemas";
import { storeContact, storeJoin, type FormKind } from "./submissions.server";

/** The largest valid join submission is about 3,300 characters (13 KB at 4 bytes each); a little room on top. */
export const JSON_BODY_LIMIT = 16 * 1024;
/** URL-encoding can triple each byte. */
export const FORM_BODY_LIMIT = 48 * 1024;

export const FAILURE_MESSAGE: Record<FormKind, string> = {
  contact: "Failed to send message. Please try again.",
  join: "Failed to submit form. Please try again.",
};

export type SubmissionOutcome =
  | { status: 201; id: string }
  | { status: 400; error: string; fieldErrors: FieldErrors }
  | { status: 400 | 403 | 405 | 413 | 415; error: string }
  | { status: 429; error: string; retryAfter: number }
  | { status: 503; error: string };

class BodyTooLarge extends Error {}

async function readLimitedText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new BodyTooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/** A browser always sends Origin on a POST; when it names another site, the request is cross-site. */
export function isCrossSite(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  const own = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
  return !own.has(origin);
}

const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

function tooMany(kind: FormKind, seconds: number): SubmissionOutcome {
  const minutes = Math.ceil(seconds / 60);
  const what = kind === "contact" ? "messages" : "sign-ups";
  return {
    status: 429,
    retryAfter: seconds,
    error: `Too many ${what} have been sent from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

interface Parsed {
  input: Record<string, unknown>;
  spam: boolean;
  idempotencyKey: string | null;
}

async function parseRequest(request: Request, via: "form" | "json"): Promise<Parsed | SubmissionOutcome> {
  const type = mediaType(request);
  if (via === "json") {
    if (type !== "application/json") return { status: 415, error: "Send the submission as JSON (Content-Type: application/json)." };
    const text = await readLimitedText(request, JSON_BODY_LIMIT);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return { status: 400, error: "The request body is not valid JSON." };
    }
    if (typeof body !== "object" || body === null || Array.isArray(body))
      return { status: 400, error: "The request body must be a JSON object." };
    const key = request.headers.get("idempotency-key");
    return { input: body as Record<string, unknown>, spam: false, idempotencyKey: key && key.length <= 100 ? key : null };
  }
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return { status: 415, error: "Send the form as a web form." };
  }
  const text = await readLimitedText(request, FORM_BODY_LIMIT);
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body: text,
    }).formData();
  } catch {
    return { status: 400, error: "The form could not be read." };
  }
  const key = form.get(KEY_FIELD);
  return {
    input: { form },
    spam: looksAutomated(form),
    idempotencyKey: typeof key === "string" && /^[\w-]{8,100}$/.test(key) ? key : null,
  };
}

export async function handleSubmission(
  kind: FormKind,
  request: Request,
  ctx: AppRequestContext,
  via: "form" | "json",
): Promise<SubmissionOutcome> {
  if (request.method !== "POST") return { status: 405, error: "Use POST." };
  if (isCrossSite(request, ctx.siteUrl)) return { status: 403, error: "Submissions are accepted only from this website." };

  let parsed: Parsed | SubmissionOutcome;
  try {
    parsed = await parseRequest(request, via);
  } catch (err) {
    if (err instanceof BodyTooLarge) return { status: 413, error: "The submission is too large." };
    return { status: 400, error: "The request could not be read." };
  }
  if ("status" in parsed) return parsed;

  const fields = kind === "contact" ? CONTACT_FIELDS : JOIN_FIELDS;
  const input = parsed.input.form instanceof FormData ? formDataToObject(parsed.input.form, fields) : parsed.input;
  const result = kind === "contact" ? validate(contactSchema, input) : validate(joinSchema, input);
  if (!result.success) return { status: 400, error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors };

  const { submissions } = ctx;
  const clientHash = submissions.hashAddress(ctx.clientAddress);
  const wait = await submissions.limiter.consume(clientHash ?? "unknown").catch(() => null);
  if (wait !== null) return tooMany(kind, wait);

  try {
    const options = { spam: parsed.spam, clientHash, idempotencyKey: parsed.idempotencyKey, notify: submissions.notify };
    const stored =
      kind === "contact"
        ? await storeContact(ctx.database.db, result.data as Parameters<typeof storeContact>[1], options)
        : await storeJoin(ctx.database.db, result.data as Parameters<typeof storeJoin>[1], options);
    if (!stored.duplicate && !parsed.spam) submissions.kickOutbox();
    return { status: 201, id: stored.id };
  } catch (err) {
    submissions.logError(`storing a ${kind} submission failed`, err);
    return { status: 503, error: FAILURE_MESSAGE[kind] };
  }
}
