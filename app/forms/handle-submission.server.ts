/**
 * One pipeline for both forms, behind both doors: the pages' route actions (HTML forms, with or without
 * JavaScript) and the JSON endpoints (docs/product.md, "JSON endpoints"). Anything a client sends gets a clear
 * 4xx answer; only a database outage answers 503, and then the visitor keeps what they typed.
 */
import { validate, type FieldErrors } from "~/lib/validation";
import { formatMessage, type InterfaceCorrections } from "~/i18n/interface-text.server";
import { isLanguageCode, languageOfPath, LANGUAGES, SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";
import type { MessageKey } from "~/i18n/text";
import { looksAutomated } from "./abuse.server";
import { MESSAGE_VALUES, rateLimitValues, readFormData, type FormDefinition, type FormValues, type Submission } from "./definitions";
import { KEY_FIELD } from "./protection";
import type { FormsContext } from "./service.server";
import { storeSubmission } from "./submissions.server";

/** The largest valid join submission is about 3,300 characters (13 KB at 4 bytes each); a little room on top. */
const JSON_BODY_LIMIT = 16 * 1024;
/** URL-encoding can triple each byte. */
const FORM_BODY_LIMIT = 48 * 1024;

/**
 * What became of a submission. `error` is said in `language`; each of `fieldErrors` is the key of its message
 * (`forms.error.nameRequired`), which the page says in its language and the JSON endpoints say with
 * `sayFieldErrors`.
 */
export type SubmissionOutcome = (
  | { status: 201; id: string }
  | { status: 400; error: string; fieldErrors?: FieldErrors }
  | { status: 403 | 405 | 413 | 415 | 503; error: string }
  | { status: 429; error: string; retryAfter: number }
) & {
  /** What the visitor typed, read from the one parse of the body: put back into a form that failed. */
  values?: FormValues;
  /** The language the submission was made in, and its answer is said in. */
  language?: LanguageCode;
};

/** A form's message in a language, with the values it is said with (a field's maximum). */
export const sayMessage = (language: LanguageCode, key: MessageKey, corrections?: InterfaceCorrections) =>
  formatMessage(language, key, MESSAGE_VALUES[key], corrections);

/** Each field's message keys as words in a language. */
export function sayFieldErrors(language: LanguageCode, fieldErrors: FieldErrors, corrections?: InterfaceCorrections): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([field, keys]) => [field, keys?.map((k) => sayMessage(language, k as MessageKey, corrections))]),
  );
}

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
  language: LanguageCode;
}

const LANGUAGE_CODES = LANGUAGES.map((l) => l.code).join(", ");

async function parseRequest(
  form: FormDefinition,
  request: Request,
  via: "form" | "json",
  minFillMs: number,
  addressed: LanguageCode,
  corrections: InterfaceCorrections,
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
    // The language the person wrote in, beside the form's fields: English when not said.
    const { language = SOURCE_LANGUAGE, ...input } = body as Record<string, unknown>;
    if (typeof language !== "string" || !isLanguageCode(language))
      return { status: 400, error: `Unknown language: use one of ${LANGUAGE_CODES}.` };
    const key = request.headers.get("idempotency-key");
    return { input, spam: false, idempotencyKey: key && key.length <= 100 ? key : null, language };
  }
  // A page's form is in the language of its address: /fa/contact is Persian.
  const language = addressed;
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return { status: 415, error: formatMessage(language, "forms.error.notAForm", undefined, corrections), language };
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
    return { status: 400, error: formatMessage(language, "forms.error.unreadableForm", undefined, corrections), language };
  }
  const key = data.get(KEY_FIELD);
  return {
    input: readFormData(form, data),
    spam: looksAutomated(data, minFillMs),
    idempotencyKey: typeof key === "string" && /^[\w-]{8,100}$/.test(key) ? key : null,
    language,
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
  // Every message is said as staff have corrected it in the staff area (Interface text), like the pages' own.
  const corrections = ctx.content.interfaceCorrections;
  const say = (language: LanguageCode, key: MessageKey, values?: Parameters<typeof formatMessage>[2]) =>
    formatMessage(language, key, values, corrections);
  // Until the body is read, a page's form answers in its address's language, an endpoint in English.
  const addressed = via === "form" ? languageOfPath(new URL(request.url).pathname).language : SOURCE_LANGUAGE;
  const allowed = via === "json" ? submissions.allowedOrigins : [];
  if (isCrossSite(request, ctx.siteUrl, allowed))
    return { status: 403, error: say(addressed, "forms.error.crossSite"), language: addressed };

  let parsed: Parsed | SubmissionOutcome;
  try {
    parsed = await parseRequest(form, request, via, submissions.minFillMs, addressed, corrections);
  } catch (err) {
    if (err instanceof BodyTooLarge) return { status: 413, error: say(addressed, "forms.error.tooLarge"), language: addressed };
    return { status: 400, error: say(addressed, "forms.error.unreadableRequest"), language: addressed };
  }
  if ("status" in parsed) return parsed;
  const { language } = parsed;
  const values = via === "form" ? (parsed.input as FormValues) : undefined;

  const result = validate(form.schema, parsed.input);
  if (!result.success)
    return { status: 400, error: say(language, "forms.correctFields"), fieldErrors: result.fieldErrors, values, language };

  const clientHash = ctx.hashAddress(ctx.clientAddress);
  const wait = await submissions.limiter.consume(clientHash ?? "unknown").catch(() => null);
  if (wait !== null)
    return {
      status: 429,
      retryAfter: wait,
      error: say(language, form.text.rateLimited, rateLimitValues(wait)),
      values,
      language,
    };

  try {
    const options = { spam: parsed.spam, clientHash, idempotencyKey: parsed.idempotencyKey, notify: submissions.notify, language };
    const stored = await storeSubmission(ctx.database.db, form, result.data as Submission<FormDefinition>, options);
    if (!stored.duplicate) submissions.stored(form.kind, parsed.spam);
    return { status: 201, id: stored.id, language };
  } catch (err) {
    submissions.logError(`storing a ${form.kind} submission failed`, err);
    return { status: 503, error: say(language, form.text.failure), values, language };
  }
}
