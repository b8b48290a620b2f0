/**
 * The contact and volunteer forms, each described once: its rules and messages (docs/product.md, "Contact
 * form", "Join form"), its fields and their labels, its outcome texts ("Sending and outcomes"), its inbox, and
 * the table that stores it. The pages, the server pipeline, storage,
 * the notification email, the staff inbox and CSV export all read these descriptions; adding a field
 * means adding it here, in db/schema.ts and in a migration. Browser-safe: zod/mini keeps the bundle small.
 */
import { href } from "react-router";
import * as z from "zod/mini";
import type { submissionTables } from "../../db/schema";
import { INTERESTS, OTHER_INTEREST, type InboxSlug } from "./inboxes";

export { INTERESTS, OTHER_INTEREST };

export const CONSENT_MESSAGE = "You must agree to the Privacy Policy and Terms of Use";

/** PostgreSQL cannot store NUL characters, and no person types one. */
const stripNul = z.overwrite((s: string) => s.replaceAll("\u0000", ""));

/** A text field: trimmed, optionally required, with a maximum. */
function textField(max: number, maxMessage: string, requiredMessage?: string) {
  const checks = [stripNul, z.trim(), ...(requiredMessage ? [z.minLength(1, requiredMessage)] : []), z.maxLength(max, maxMessage)];
  const field = z.string({ error: requiredMessage ?? maxMessage }).check(...checks);
  return requiredMessage ? field : z._default(field, "");
}

const emailField = z
  .string({ error: "Invalid email address" })
  .check(stripNul, z.trim(), z.maxLength(50, "Email must be less than 50 characters"), z.email({ error: "Invalid email address" }));

const consentField = z.literal(true, { error: CONSENT_MESSAGE });

export const contactSchema = z.object({
  name: textField(50, "Name must be less than 50 characters", "Name is required"),
  email: emailField,
  phone: textField(30, "Phone must be less than 30 characters"),
  organization: textField(50, "Organization must be less than 50 characters"),
  country: textField(50, "Country must be less than 50 characters"),
  community: textField(50, "Community must be less than 50 characters"),
  subject: textField(150, "Subject must be less than 150 characters", "Subject is required"),
  message: textField(1000, "Message must be less than 1000 characters", "Message is required"),
  agree_to_terms: consentField,
});

export const joinSchema = z
  .object({
    name: textField(50, "Name must be less than 50 characters", "Name is required"),
    email: emailField,
    phone: textField(30, "Phone number must be less than 30 characters"),
    organization: textField(50, "Organization must be less than 50 characters"),
    country: textField(50, "Country must be less than 50 characters"),
    community: textField(50, "Community must be less than 50 characters"),
    social_media: textField(200, "Social media handles must be less than 200 characters"),
    interests: z
      .array(z.enum(INTERESTS, { error: "Please select only the areas of interest listed" }), {
        error: "Please select at least one area of interest",
      })
      // A repeated box (a crafted request) counts once.
      .check(
        z.minLength(1, "Please select at least one area of interest"),
        z.overwrite((list) => [...new Set(list)]),
      ),
    other_description: textField(500, "Description must be less than 500 characters"),
    message: textField(2000, "Message must be less than 2000 characters"),
    agree_to_terms: consentField,
  })
  .check(
    z.refine(
      (v) =>
        !Array.isArray(v.interests) ||
        !v.interests.includes(OTHER_INTEREST) ||
        (typeof v.other_description === "string" && v.other_description.trim().length > 0),
      {
        message: "Please describe your other interest",
        path: ["other_description"],
        // Report it together with the other fields' errors, not only once they are fixed.
        when: () => true,
      },
    ),
  );

interface Message {
  title: string;
  description: string;
}

type FormSchema = typeof contactSchema | typeof joinSchema;

interface FormDescription<S extends FormSchema, T extends keyof typeof submissionTables> {
  kind: "contact" | "join";
  /** The page that shows the form and receives its posts. */
  path: string;
  /** The staff inbox that lists what it receives (/admin/messages, /admin/volunteers). */
  inbox: InboxSlug;
  /** The backend function the original front end invokes (docs/product.md, "JSON endpoints"). */
  functionName: string;
  /** The table in db/schema.ts; its columns carry these field names. */
  table: T;
  schema: S;
  /** Every field's label, as the form, the notification email, the inbox and CSV export show it. */
  labels: { [K in keyof z.output<S>]: string };
  /** What a staff member sees first: the notification email's subject, the inbox's headline. */
  headline: (data: z.output<S>) => string;
  /** What the visitor is told (docs/product.md, "Sending and outcomes"). */
  success: Message;
  failure: string;
  /** Counted by the rate limit: "Too many {these} have been sent from your network." */
  rateLimited: string;
  /** What the person sent, said at the top of the notification email (NOTIFY_INCLUDE_DETAILS). */
  emailIntro: string;
  /** The notification email's subject when it carries no details (the default): nothing personal. */
  notificationTitle: string;
}

function defineForm<S extends FormSchema, T extends keyof typeof submissionTables>(description: FormDescription<S, T>) {
  return { ...description, fields: Object.keys(description.schema.shape) as (keyof z.output<S> & string)[] };
}

/** The six fields both forms open with (see PersonFields). */
const personLabels = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  organization: "Organization",
  country: "Country",
  community: "Community",
};
const consentLabel = "Agreed to the Privacy Policy and Terms of Use";

export const contactForm = defineForm({
  kind: "contact",
  path: href("/contact"),
  inbox: "messages",
  functionName: "submit-contact-form",
  table: "contact_submissions",
  schema: contactSchema,
  labels: { ...personLabels, subject: "Subject", message: "Message", agree_to_terms: consentLabel },
  headline: (s) => `New contact message: ${s.subject}`,
  success: { title: "Message sent!", description: "Thank you for contacting us. We'll get back to you soon." },
  failure: "Failed to send message. Please try again.",
  rateLimited: "messages",
  emailIntro: "A visitor sent a message through the website's contact form.",
  notificationTitle: "New message",
});

export const joinForm = defineForm({
  kind: "join",
  path: href("/join-us"),
  inbox: "volunteers",
  functionName: "submit-join-us-form",
  table: "join_submissions",
  schema: joinSchema,
  labels: {
    ...personLabels,
    social_media: "Social media handles",
    interests: "Areas of interest",
    other_description: "Describe your other interest",
    message: "Message",
    agree_to_terms: consentLabel,
  },
  headline: (s) => `New volunteer sign-up: ${s.name}`,
  success: { title: "Success!", description: "Thank you for joining the resistance! We'll be in touch soon." },
  failure: "Failed to submit form. Please try again.",
  rateLimited: "sign-ups",
  emailIntro: "A visitor signed up through the website's Join Us form. This can reveal their beliefs: handle it with care.",
  notificationTitle: "New volunteer sign-up",
});

export type FormDefinition = typeof contactForm | typeof joinForm;
export const FORMS = [contactForm, joinForm] as const;

/** The data a form's schema accepted. */
export type Submission<F extends FormDefinition> = z.output<F["schema"]>;
/** What a visitor typed, before validation: put back into the form when it comes back with errors. */
export type FormValues = Record<string, string | string[] | boolean | undefined>;

/**
 * Reads a submitted web form into the shape its schema reads, by each field's type there: a list field
 * collects its repeated boxes, the consent box is true when ticked ("on"), the rest are text.
 */
export function readFormData(form: FormDefinition, data: FormData): FormValues {
  const shape = form.schema.shape as Record<string, { _zod: { def: { type: string } } }>;
  const values: FormValues = {};
  for (const field of form.fields) {
    const type = shape[field]!._zod.def.type;
    if (type === "array") values[field] = data.getAll(field).map(String);
    else if (type === "literal") values[field] = data.get(field) === "on" || data.get(field) === "true";
    else {
      const v = data.get(field);
      values[field] = typeof v === "string" ? v : undefined;
    }
  }
  return values;
}

export function rateLimitMessage(form: FormDefinition, seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many ${form.rateLimited} have been sent from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}
