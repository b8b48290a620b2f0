import { createContext } from "react-router";
import type { DatabaseHandle } from "../../db/client.server";
import type { SubmissionLimiter } from "~/forms/abuse.server";
import type { NotifyOptions } from "~/forms/submissions.server";
import type { NewsCache } from "../../db/news.server";
import type { StaffServices } from "~/staff/services.server";

export interface SubmissionServices {
  limiter: SubmissionLimiter;
  /** Keyed hash of a client address (never stored raw); also keys the staff sign-in limits. */
  hashAddress(address: string | undefined): string | null;
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

/** What the server hands every loader and the document renderer for one request. */
export interface AppRequestContext {
  /** Per-request CSP nonce for the few inline scripts React Router needs on hydrated pages. */
  nonce: string;
  siteUrl: string;
  embeds: "consent" | "auto";
  /** URL of the small enhancement module that content pages load instead of the framework. */
  enhanceScriptUrl: string;
  database: DatabaseHandle;
  news: NewsCache;
  submissions: SubmissionServices;
  staff: StaffServices;
  /** The client's address as Express sees it (TRUST_PROXY decides); hashed before any use. */
  clientAddress: string | undefined;
}

export const appContext = createContext<AppRequestContext>();
