/**
 * Storing accepted submissions. The row and its notification email (outbox) are written in one
 * transaction, and the visitor is told "sent" only after it commits.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { contactSubmissions, emailOutbox, joinSubmissions } from "../../db/schema";
import type { ContactSubmission, JoinSubmission } from "./schemas";

export interface StoreOptions {
  spam: boolean;
  clientHash: string | null;
  idempotencyKey: string | null;
  /** Queue a notification email (only when mail is configured, and never for spam). */
  notify: boolean;
}

export type FormKind = "contact" | "join";

const line = (label: string, value: string | undefined) => (value ? `${label}: ${value}\n` : "");

export function contactEmail(s: ContactSubmission) {
  return {
    subject: `New contact message: ${s.subject}`.slice(0, 200),
    body:
      `A visitor sent a message through the website's contact form.\n\n` +
      line("Name", s.name) +
      line("Email", s.email) +
      line("Phone", s.phone) +
      line("Organization", s.organization) +
      line("Country", s.country) +
      line("Community", s.community) +
      line("Subject", s.subject) +
      `\nMessage:\n${s.message}\n`,
  };
}

export function joinEmail(s: JoinSubmission) {
  return {
    subject: `New volunteer sign-up: ${s.name}`.slice(0, 200),
    body:
      `A visitor signed up through the website's Join Us form. This can reveal their beliefs: handle it with care.\n\n` +
      line("Name", s.name) +
      line("Email", s.email) +
      line("Phone", s.phone) +
      line("Organization", s.organization) +
      line("Country", s.country) +
      line("Community", s.community) +
      line("Social media", s.social_media) +
      line("Interests", s.interests.join("; ")) +
      line("Other interest", s.other_description) +
      (s.message ? `\nMessage:\n${s.message}\n` : ""),
  };
}

type SubmissionTable = typeof contactSubmissions | typeof joinSubmissions;

/**
 * Inserts a submission once per idempotency key and, in the same transaction, queues its email.
 * A repeated key (double click, resend, or a concurrent twin) returns the first row's id.
 */
async function storeOnce<T extends SubmissionTable>(
  db: Database,
  table: T,
  values: T["$inferInsert"],
  email: { kind: FormKind; replyTo: string; subject: string; body: string },
  o: StoreOptions,
): Promise<{ id: string; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const findByKey = async (key: string) =>
      (
        await tx
          .select({ id: table.id })
          .from(table as SubmissionTable)
          .where(eq(table.idempotencyKey, key))
      )[0]?.id;
    if (o.idempotencyKey) {
      const existing = await findByKey(o.idempotencyKey);
      if (existing) return { id: existing, duplicate: true };
    }
    const [inserted] = await tx
      .insert(table as SubmissionTable)
      .values({ ...values, spam: o.spam, clientHash: o.clientHash, idempotencyKey: o.idempotencyKey } as never)
      .onConflictDoNothing({ target: table.idempotencyKey })
      .returning({ id: table.id });
    // No row: a concurrent request with the same key committed first.
    if (!inserted) return { id: (await findByKey(o.idempotencyKey!))!, duplicate: true };
    if (o.notify && !o.spam) await tx.insert(emailOutbox).values({ submissionId: inserted.id, ...email });
    return { id: inserted.id, duplicate: false };
  });
}

export function storeContact(db: Database, s: ContactSubmission, o: StoreOptions) {
  const values = {
    name: s.name,
    email: s.email,
    phone: s.phone,
    organization: s.organization,
    country: s.country,
    community: s.community,
    subject: s.subject,
    message: s.message,
    agreeToTerms: s.agree_to_terms,
  };
  return storeOnce(db, contactSubmissions, values, { kind: "contact", replyTo: s.email, ...contactEmail(s) }, o);
}

export function storeJoin(db: Database, s: JoinSubmission, o: StoreOptions) {
  const values = {
    name: s.name,
    email: s.email,
    phone: s.phone,
    organization: s.organization,
    country: s.country,
    community: s.community,
    socialMedia: s.social_media,
    interests: [...new Set(s.interests)],
    otherDescription: s.other_description,
    message: s.message,
    agreeToTerms: s.agree_to_terms,
  };
  return storeOnce(db, joinSubmissions, values, { kind: "join", replyTo: s.email, ...joinEmail(s) }, o);
}
