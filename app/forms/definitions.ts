/**
 * The contact and volunteer forms, each described once: its rules and messages (docs/product.md, "Contact
 * form", "Join form"), its fields and their labels, its outcome texts ("Sending and outcomes"), its inbox, and
 * the table that stores it. The pages, the server pipeline, storage,
 * the notification email, the staff inbox and CSV export all read these descriptions; adding a field
 * means adding it here, in db/schema.ts and in a migration. Browser-safe: zod/mini keeps the bundle small.
 *
 * What a visitor reads is said in the page's language (issue 34): each message is the key of a string in
 * app/i18n/messages (`forms.error.nameRequired`), which the page, the route action and the JSON endpoints
 * say in their language. The English strings there are docs/product.md's words.
 */
import { href } from "react-router";
import * as z from "zod/mini";
import type { submissionTables } from "../../db/schema";
import type { MessageKey, MessageValues } from "~/i18n/text";
import { INTERESTS, OTHER_INTEREST, type Interest, type InboxSlug } from "./inboxes";

export { INTERESTS, OTHER_INTEREST };

/**
 * The values each message is said with, by its key: its field's maximum. A key names one maximum, so the
 * contact form's 1000-character message and the volunteer form's 2000 have keys of their own.
 */
export const MESSAGE_VALUES: Partial<Record<MessageKey, MessageValues>> = {};

/** A message said with a maximum ("Name must be less than {max} characters"), registered under its key. */
function tooLong(key: MessageKey, max: number): MessageKey {
  const known = MESSAGE_VALUES[key];
  if (known && known.max !== max) throw new Error(`${key} is said with ${known.max} and ${max}: give each maximum its own key`);
  MESSAGE_VALUES[key] = { max };
  return key;
}

export const CONSENT_MESSAGE: MessageKey = "forms.error.consent";

/** PostgreSQL cannot store NUL characters, and no person types one. */
const stripNul = z.overwrite((s: string) => s.replaceAll("\u0000", ""));

/** A text field: trimmed, optionally required, with a maximum. */
function textField(max: number, maxMessage: MessageKey, requiredMessage?: MessageKey) {
  const tooLongMessage = tooLong(maxMessage, max);
  const checks = [stripNul, z.trim(), ...(requiredMessage ? [z.minLength(1, requiredMessage)] : []), z.maxLength(max, tooLongMessage)];
  const field = z.string({ error: requiredMessage ?? tooLongMessage }).check(...checks);
  return requiredMessage ? field : z._default(field, "");
}

const emailField = z
  .string({ error: "forms.error.emailInvalid" })
  .check(stripNul, z.trim(), z.maxLength(50, tooLong("forms.error.emailTooLong", 50)), z.email({ error: "forms.error.emailInvalid" }));

const consentField = z.literal(true, { error: CONSENT_MESSAGE });

export const contactSchema = z.object({
  name: textField(50, "forms.error.nameTooLong", "forms.error.nameRequired"),
  email: emailField,
  phone: textField(30, "contact.error.phoneTooLong"),
  organization: textField(50, "forms.error.organizationTooLong"),
  country: textField(50, "forms.error.countryTooLong"),
  community: textField(50, "forms.error.communityTooLong"),
  subject: textField(150, "contact.error.subjectTooLong", "contact.error.subjectRequired"),
  message: textField(1000, "contact.error.messageTooLong", "contact.error.messageRequired"),
  agree_to_terms: consentField,
});

export const joinSchema = z
  .object({
    name: textField(50, "forms.error.nameTooLong", "forms.error.nameRequired"),
    email: emailField,
    phone: textField(30, "join.error.phoneTooLong"),
    organization: textField(50, "forms.error.organizationTooLong"),
    country: textField(50, "forms.error.countryTooLong"),
    community: textField(50, "forms.error.communityTooLong"),
    social_media: textField(200, "join.error.socialMediaTooLong"),
    interests: z
      .array(z.enum(INTERESTS, { error: "join.error.interestsUnknown" }), {
        error: "join.error.interestsRequired",
      })
      // A repeated box (a crafted request) counts once.
      .check(
        z.minLength(1, "join.error.interestsRequired"),
        z.overwrite((list) => [...new Set(list)]),
      ),
    other_description: textField(500, "join.error.otherTooLong"),
    message: textField(2000, "join.error.messageTooLong"),
    agree_to_terms: consentField,
  })
  .check(
    z.refine(
      (v) =>
        !Array.isArray(v.interests) ||
        !v.interests.includes(OTHER_INTEREST) ||
        (typeof v.other_description === "string" && v.other_description.trim().length > 0),
      {
        message: "join.error.otherRequired",
        path: ["other_description"],
        // Report it together with the other fields' errors, not only once they are fixed.
        when: () => true,
      },
    ),
  );

/** The volunteer form's areas of interest as a visitor reads them; the English (INTERESTS) is what is stored. */
export const INTEREST_LABELS: Record<Interest, MessageKey> = {
  "Content Creation / Messaging": "join.interest.contentCreation",
  "Social Media and Outreach": "join.interest.socialMedia",
  "Research / Fact-Checking": "join.interest.research",
  "Event Organization": "join.interest.events",
  "Community Building": "join.interest.communityBuilding",
  Fundraising: "join.interest.fundraising",
  "Youth Programs / Education": "join.interest.youth",
  "Administrative Support": "join.interest.administrative",
  "Advisory Role": "join.interest.advisory",
  "Other (please describe below)": "join.interest.other",
};

type FormSchema = typeof contactSchema | typeof joinSchema;

/** What a visitor reads, as keys of app/i18n/messages (docs/product.md, "Sending and outcomes"). */
interface FormText<S extends FormSchema> {
  /** Each field's label on the public form (the consent box has its own sentence, `forms.consent`). */
  fields: { [K in Exclude<keyof z.output<S>, "agree_to_terms">]: MessageKey };
  submit: MessageKey;
  /** The button while the form is being sent. */
  sending: MessageKey;
  success: { title: MessageKey; description: MessageKey };
  failure: MessageKey;
  /** "Too many {these} have been sent from your network. Please try again in {minutes}." */
  rateLimited: MessageKey;
}

interface FormDescription<S extends FormSchema, T extends keyof typeof submissionTables> {
  kind: "contact" | "join";
  /** The page that shows the form and receives its posts, in English (each language has it under its prefix). */
  path: string;
  /** The staff inbox that lists what it receives (/admin/messages, /admin/volunteers). */
  inbox: InboxSlug;
  /** The backend function the original front end invokes (docs/product.md, "JSON endpoints"). */
  functionName: string;
  /** The table in db/schema.ts; its columns carry these field names. */
  table: T;
  schema: S;
  /** Every field's label in English, as the notification email, the inbox and CSV export show it. */
  labels: { [K in keyof z.output<S>]: string };
  /** What the visitor reads, in the page's language. */
  text: FormText<S>;
  /**
   * What a staff member sees first, the notification email's subject and the inbox's headline: its title and
   * what the person wrote, shown isolated (in any script) after it.
   */
  headline: (data: z.output<S>) => readonly [title: string, written: string];
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
const personFieldText = {
  name: "forms.field.name",
  email: "forms.field.email",
  phone: "forms.field.phone",
  organization: "forms.field.organization",
  country: "forms.field.country",
  community: "forms.field.community",
} as const satisfies Record<keyof typeof personLabels, MessageKey>;
const consentLabel = "Agreed to the Privacy Policy and Terms of Use";

export const contactForm = defineForm({
  kind: "contact",
  path: href("/contact"),
  inbox: "messages",
  functionName: "submit-contact-form",
  table: "contact_submissions",
  schema: contactSchema,
  labels: { ...personLabels, subject: "Subject", message: "Message", agree_to_terms: consentLabel },
  text: {
    fields: { ...personFieldText, subject: "contact.field.subject", message: "forms.field.message" },
    submit: "contact.submit",
    sending: "contact.sending",
    success: { title: "contact.success.title", description: "contact.success.description" },
    failure: "contact.failure",
    rateLimited: "contact.rateLimited",
  },
  headline: (s) => ["New contact message", s.subject],
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
  text: {
    fields: {
      ...personFieldText,
      social_media: "join.field.socialMedia",
      interests: "join.field.interests",
      other_description: "join.field.otherDescription",
      message: "forms.field.message",
    },
    submit: "join.submit",
    sending: "join.sending",
    success: { title: "join.success.title", description: "join.success.description" },
    failure: "join.failure",
    rateLimited: "join.rateLimited",
  },
  headline: (s) => ["New volunteer sign-up", s.name],
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

/** How long a visitor must wait, in whole minutes (the rate limit answers in seconds). */
export const rateLimitValues = (seconds: number) => ({ minutes: Math.ceil(seconds / 60) });
