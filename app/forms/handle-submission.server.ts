/**
 * One pipeline for both forms, behind both doors: the pages' route actions (HTML forms, with or without
 * JavaScript) and the JSON endpoints (docs/product.md, "JSON endpoints"). Anything a client sends gets a clear
 * 4xx answer; only a database outage answers 503, and then the visitor keeps what they typed.
 */
import { validate, type FieldErrors } from "~/lib/validation";
import { looksAutomated } from "./abuse.server";
import { rateLimitMessage, readFormData, type FormDefinition, type FormValues, type Submission } from "./definitions";
import { KEY_FIELD } from "./protection";
import type { FormsContext } from "./service.server";
import { storeSubmission } from "./submissions.server";

/** The largest valid join submission is about 3,300 characters (13 KB at 4 bytes each); a little room on top. */
const JSON_BODY_LIMIT = 16 * 1024;
/** URL-encoding can triple each byte. */
const FORM_BODY_LIMIT = 48 * 1024;

export type SubmissionOutcome = (
  | { status: 201; id: string }
  | { status: 400; error: string; fieldErrors?: FieldErrors }
  | { status: 403 | 405 | 413 | 415 | 503; error: string }
  | { status: 429; error: string; retryAfter: number }
) & {
  /** What the visitor typed, read from the one parse of the body: put back into a form that failed. */
  values?: FormValues;
};

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

/**
 * A browser always sends Origin on a POST; when it names another site, the request is cross-site.
 * `allowed` lists other sites that may post (ALLOWED_ORIGINS, JSON endpoints only).
 */
function isCrossSite(request: Request, siteUrl: string, allowed: readonly string[] = []): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  const own = new Set([new URL(siteUrl).origin, new URL(request.url).origin]);
  return !own.has(origin) && !allowed.includes(origin);
}

const mediaType = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

interface Parsed {
  input: FormValues | Record<string, unknown>;
  spam: boolean;
  idempotencyKey: string | null;
}

async function parseRequest(
  form: FormDefinition,
  request: Request,
  via: "form" | "json",
  minFillMs: number,
): Promise<Parsed | SubmissionOutcome> {
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
  let data: FormData;
  try {
    data = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body: text,
    }).formData();
  } catch {
    return { status: 400, error: "The form could not be read." };
  }
  const key = data.get(KEY_FIELD);
  return {
    input: readFormData(form, data),
    spam: looksAutomated(data, minFillMs),
    idempotencyKey: typeof key === "string" && /^[\w-]{8,100}$/.test(key) ? key : null,
  };
}

export const METHOD_NOT_ALLOWED = { status: 405, error: "Use POST." } as const;

/** Reads, checks, validates, rate-limits and stores one submission of `form`. */
export async function handleSubmission(
  form: FormDefinition,
  request: Request,
  ctx: FormsContext,
  via: "form" | "json",
): Promise<SubmissionOutcome> {
  if (request.method !== "POST") return METHOD_NOT_ALLOWED;
  const { submissions } = ctx;
  const allowed = via === "json" ? submissions.allowedOrigins : [];
  if (isCrossSite(request, ctx.siteUrl, allowed)) return { status: 403, error: "Submissions are accepted only from this website." };

  let parsed: Parsed | SubmissionOutcome;
  try {
    parsed = await parseRequest(form, request, via, submissions.minFillMs);
  } catch (err) {
    if (err instanceof BodyTooLarge) return { status: 413, error: "The submission is too large." };
    return { status: 400, error: "The request could not be read." };
  }
  if ("status" in parsed) return parsed;
  const values = via === "form" ? (parsed.input as FormValues) : undefined;

  const result = validate(form.schema, parsed.input);
  if (!result.success) return { status: 400, error: "Please correct the highlighted fields.", fieldErrors: result.fieldErrors, values };

  const clientHash = ctx.hashAddress(ctx.clientAddress);
  const wait = await submissions.limiter.consume(clientHash ?? "unknown").catch(() => null);
  if (wait !== null) return { status: 429, retryAfter: wait, error: rateLimitMessage(form, wait), values };

  try {
    const options = { spam: parsed.spam, clientHash, idempotencyKey: parsed.idempotencyKey, notify: submissions.notify };
    const stored = await storeSubmission(ctx.database.db, form, result.data as Submission<FormDefinition>, options);
    if (!stored.duplicate) submissions.stored(form.kind, parsed.spam);
    return { status: 201, id: stored.id };
  } catch (err) {
    submissions.logError(`storing a ${form.kind} submission failed`, err);
    return { status: 503, error: form.failure, values };
  }
}
