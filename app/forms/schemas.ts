/**
 * The contact and volunteer forms' rules and messages (SPEC §5), one schema per form, shared by the
 * browser (live validation) and the server (the only validation that counts). zod/mini keeps the
 * browser bundle small.
 */
import * as z from "zod/mini";

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
      .check(z.minLength(1, "Please select at least one area of interest")),
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

export type ContactSubmission = z.output<typeof contactSchema>;
export type JoinSubmission = z.output<typeof joinSchema>;
export type FieldErrors = Partial<Record<string, string[]>>;

export const CONTACT_FIELDS = [
  "name",
  "email",
  "phone",
  "organization",
  "country",
  "community",
  "subject",
  "message",
  "agree_to_terms",
] as const;
export const JOIN_FIELDS = [
  "name",
  "email",
  "phone",
  "organization",
  "country",
  "community",
  "social_media",
  "interests",
  "other_description",
  "message",
  "agree_to_terms",
] as const;

type Schema = typeof contactSchema | typeof joinSchema;

export type ValidationResult<T> = { success: true; data: T } | { success: false; fieldErrors: FieldErrors };

/** Validates a plain object (from JSON or from a form) and groups the messages by field. */
export function validate<S extends Schema>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { success: true, data: result.data as z.output<S> };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "form");
    const list = (fieldErrors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { success: false, fieldErrors };
}

/** Turns submitted form fields into the shape the schemas read (checkbox "on" → true, repeated interests → list). */
export function formDataToObject(form: FormData, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === "interests") out.interests = form.getAll("interests").map(String);
    else if (field === "agree_to_terms") out.agree_to_terms = form.get("agree_to_terms") === "on" || form.get("agree_to_terms") === "true";
    else {
      const v = form.get(field);
      out[field] = typeof v === "string" ? v : undefined;
    }
  }
  return out;
}
