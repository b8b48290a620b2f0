/**
 * What the staff area shows of the forms without their rules (zod): the inboxes their submissions go to, by
 * address and name, and the volunteer form's areas of interest (a filter of the volunteers' inbox).
 * Browser-safe and light, so the staff pages can show them without shipping those rules.
 */
export const INBOX_NAMES = {
  messages: { slug: "messages", title: "Messages", noun: "message" },
  volunteers: { slug: "volunteers", title: "Volunteers", noun: "volunteer" },
} as const;

export type InboxSlug = keyof typeof INBOX_NAMES;

/** The volunteer form's areas of interest, in the order the form offers them. */
export const INTERESTS = [
  "Content Creation / Messaging",
  "Social Media and Outreach",
  "Research / Fact-Checking",
  "Event Organization",
  "Community Building",
  "Fundraising",
  "Youth Programs / Education",
  "Administrative Support",
  "Advisory Role",
  "Other (please describe below)",
] as const;
export const OTHER_INTEREST = INTERESTS[9];
export type Interest = (typeof INTERESTS)[number];
