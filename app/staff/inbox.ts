/**
 * The inboxes' statuses and filters, as the staff pages show them. Browser-safe and light: the list pages
 * hydrate. Their names and addresses are in app/forms/inboxes.ts, what each holds (its form) in inbox-forms.ts,
 * and where the staff area opens in home.ts.
 */
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
  page: number;
}

/** The filter a list URL describes (?status=new&q=…&folder=spam&page=2). */
export function readFilter(params: URLSearchParams): InboxFilter {
  const text = (name: string) => params.get(name)?.trim().slice(0, 200) || undefined;
  const status = params.get("status");
  return {
    status: isStatus(status) ? status : undefined,
    spam: params.get("folder") === "spam",
    q: text("q"),
    interest: text("interest"),
    community: text("community"),
    country: text("country"),
    page: Math.min(10_000, Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1)),
  };
}

/** The same filter as URL parameters (for paging links and the export link). */
export function filterParams(filter: Partial<InboxFilter>): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.spam) params.set("folder", "spam");
  for (const key of ["status", "q", "interest", "community", "country"] as const) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  return params;
}
