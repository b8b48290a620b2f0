/**
 * The inboxes' statuses and filters, as the staff pages show them. Browser-safe and light: the list pages
 * hydrate. Their names and addresses are in app/forms/inboxes.ts, what each holds (its form) in inbox-forms.ts,
 * and where the staff area opens in home.ts.
 */
import { isLanguageCode, languageOf, type LanguageCode } from "~/i18n/languages";

export const STATUSES = { new: "New", in_progress: "In progress", done: "Done" } as const;
export type Status = keyof typeof STATUSES;
export const isStatus = (v: unknown): v is Status => typeof v === "string" && v in STATUSES;

/** Spam is deleted this many days after it was caught or marked. */
export const SPAM_KEEP_DAYS = 30;
export const PAGE_SIZE = 50;

export interface InboxFilter {
  /** Absent: every status. */
  status?: Status;
  spam: boolean;
  q?: string;
  interest?: string;
  community?: string;
  country?: string;
  /** The language the person wrote in (issue 34). */
  language?: LanguageCode;
  page: number;
}

/**
 * A submission's language as staff read it: its English name, and its own beside it ("Persian (فارسی)"),
 * so a speaker finds it whatever language they read the staff area in. Anything else is shown as it is.
 */
export function languageLabel(code: string): string {
  if (!isLanguageCode(code)) return code;
  const { englishName, name } = languageOf(code);
  return englishName === name ? englishName : `${englishName} (${name})`;
}

/** The filter a list URL describes (?status=new&q=…&folder=spam&page=2). */
export function readFilter(params: URLSearchParams): InboxFilter {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || undefined;
  const status = params.get("status");
  const language = params.get("language") ?? "";
  return {
    status: isStatus(status) ? status : undefined,
    spam: params.get("folder") === "spam",
    q: text("q"),
    interest: text("interest"),
    community: text("community"),
    country: text("country"),
    language: isLanguageCode(language) ? language : undefined,
    page: Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

/** The same filter as URL parameters (for paging links and the export link). */
export function filterParams(filter: Partial<InboxFilter>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.spam) params.set("folder", "spam");
  for (const key of ["status", "q", "interest", "community", "country", "language"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  return params;
}
