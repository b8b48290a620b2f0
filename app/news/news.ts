/**
 * A news item as staff write it: its fields, their rules and messages. Browser-safe (the staff form
 * hydrates); the server applies the same rules before anything is stored.
 */
import * as z from "zod/mini";

export const NEWS_STATUSES = { published: "Published", draft: "Draft" } as const;

/** Parameters that only track who clicked: they never reach a visitor's link or a feed. */
const TRACKING = /^(utm_\w+|fbclid|gclid|dclid|msclkid|yclid|mc_cid|mc_eid|igshid|_hsenc|_hsmi|ref_src|cmpid|s_cid)$/i;

export function withoutTracking(address: string): string {
  const url = new URL(address);
  for (const key of [...url.searchParams.keys()]) if (TRACKING.test(key)) url.searchParams.delete(key);
  return url.toString();
}

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
};

const isRealDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} must be at most ${max} characters`));

/** `today` is YYYY-MM-DD (UTC): a publication date may not be later. */
export function newsItemSchema(communitySlugs: readonly string[], today: string) {
  return z.object({
    title: text("Title", 200),
    excerpt: text("Excerpt", 600),
    source: text("Source", 100),
    publishedDate: z.string({ error: "Enter the publication date" }).check(
      z.trim(),
      z.refine(isRealDate, "Enter a real date, such as 2026-03-14"),
      z.refine((d) => !isRealDate(d) || d <= today, "The publication date cannot be in the future"),
    ),
    originalUrl: z.string({ error: "Enter the article's address" }).check(
      z.trim(),
      z.refine(isWebAddress, "Enter the article's full address, starting with https:// or http://"),
      z.overwrite((u) => (isWebAddress(u) ? withoutTracking(u) : u)),
    ),
    communities: z.array(z.string(), { error: "Choose at least one community" }).check(
      z.minLength(1, "Choose at least one community"),
      z.refine((list) => list.every((slug) => communitySlugs.includes(slug)), "Choose communities from the list"),
      z.overwrite((list) => [...new Set(list)]),
    ),
    status: z.enum(["published", "draft"], { error: "Choose Published or Draft" }),
  });
}

export type NewsInput = z.output<ReturnType<typeof newsItemSchema>>;
