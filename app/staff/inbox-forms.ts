/** The two inboxes with the forms they receive. Browser-safe, but it loads the forms' rules (zod). */
import { contactForm, joinForm, type FormDefinition } from "~/forms/definitions";
import { INBOX_NAMES, type InboxSlug } from "~/forms/inboxes";

export interface InboxDescription {
  /** The URL segment: /admin/messages, /admin/volunteers (the form names its inbox). */
  slug: InboxSlug;
  title: string;
  /** One item, in a sentence: "message", "volunteer". */
  noun: string;
  form: FormDefinition;
  /** Searched with the search box. */
  searchFields: readonly string[];
  /** The short line a list shows for each item. */
  summaryField: "subject" | "interests";
  /** Filters offered besides status. */
  filters: readonly ("interest" | "community" | "country" | "language")[];
}

export const INBOXES = {
  messages: {
    ...INBOX_NAMES[contactForm.inbox],
    form: contactForm,
    searchFields: ["name", "email", "subject", "message"],
    summaryField: "subject",
    filters: ["language"],
  },
  volunteers: {
    ...INBOX_NAMES[joinForm.inbox],
    form: joinForm,
    searchFields: ["name", "email", "message", "other_description"],
    summaryField: "interests",
    filters: ["interest", "community", "country", "language"],
  },
} as const satisfies Record<string, InboxDescription>;

export const inboxBySlug = (slug: string | undefined): InboxDescription | undefined =>
  slug && slug in INBOXES ? INBOXES[slug as InboxSlug] : undefined;
