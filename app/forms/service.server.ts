/** What the forms need from the server, built once at start, and from each request (app/context.server.ts). */
import type { InterfaceCorrections } from "~/i18n/interface-text.server";
import type { Database } from "../../db/client.server";
import type { AddressHasher } from "~/lib/address-hash.server";
import type { LimitStore } from "~/lib/limits.server";
import { createSubmissionLimiter, type SubmissionLimiter } from "./abuse.server";
import type { NotifyOptions } from "./submissions.server";

export interface SubmissionServices {
  limiter: SubmissionLimiter;
  /** How accepted submissions queue a notification email, or null when mail is off (SMTP_URL and NOTIFY_TO unset). */
  notify: NotifyOptions | null;
  /** After a new submission is stored: counts it, and unless it is spam wakes the outbox worker so its email goes out at once. */
  stored(kind: string, spam: boolean): void;
  logError(message: string, err: unknown): void;
  /** FORM_MIN_FILL_MS: sooner than this after the form was shown, a submission is filed as spam. */
  minFillMs: number;
  /** ALLOWED_ORIGINS: other sites whose pages may post to the JSON endpoints. */
  allowedOrigins: readonly string[];
}

interface SubmissionSettings extends Omit<SubmissionServices, "limiter"> {
  /** SUBMISSION_RATE_LIMIT: submissions per address per ten minutes. */
  perTenMinutes: number;
}

export async function createSubmissionServices(limits: LimitStore, { perTenMinutes, ...settings }: SubmissionSettings) {
  return { limiter: await createSubmissionLimiter(limits, perTenMinutes), ...settings } satisfies SubmissionServices;
}

/** What the forms read from the request context. */
export interface FormsContext {
  siteUrl: string;
  database: { db: Database };
  /** The client's address as Express sees it (TRUST_PROXY decides); hashed before any use. */
  clientAddress: string | undefined;
  hashAddress: AddressHasher;
  submissions: SubmissionServices;
  /** The request's edition: staff's corrections of the interface text, which the messages are said with. */
  content: { readonly interfaceCorrections: InterfaceCorrections };
}
