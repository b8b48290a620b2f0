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

export async function storeContact(db: Database, s: ContactSubmission, o: StoreOptions): Promise<{ id: string; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    if (o.idempotencyKey) {
      const [existing] = await tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(eq(contactSubmissions.idempotencyKey, o.idempotencyKey));
      if (existing) return { id: existing.id, duplicate: true };
    }
    const inserted = await tx
      .insert(contactSubmissions)
      .values({
        name: s.name,
        email: s.email,
        phone: s.phone,
        organization: s.organization,
        country: s.country,
        community: s.community,
        subject: s.subject,
        message: s.message,
        agreeToTerms: s.agree_to_terms,
        spam: o.spam,
        clientHash: o.clientHash,
        idempotencyKey: o.idempotencyKey,
      })
      .onConflictDoNothing({ target: contactSubmissions.idempotencyKey })
      .returning({ id: contactSubmissions.id });
    if (!inserted[0]) {
      // A concurrent request with the same key committed first.
      const [existing] = await tx.select({ id: contactSubmissions.id }).from(contactSubmissions).where(eq(contactSubmissions.idempotencyKey, o.idempotencyKey!));
      return { id: existing!.id, duplicate: true };
    }
    const id = inserted[0].id;
    if (o.notify && !o.spam) await tx.insert(emailOutbox).values({ kind: "contact", submissionId: id, replyTo: s.email, ...contactEmail(s) });
    return { id, duplicate: false };
  });
}

export async function storeJoin(db: Database, s: JoinSubmission, o: StoreOptions): Promise<{ id: string; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    if (o.idempotencyKey) {
      const [existing] = await tx.select({ id: joinSubmissions.id }).from(joinSubmissions).where(eq(joinSubmissions.idempotencyKey, o.idempotencyKey));
      if (existing) return { id: existing.id, duplicate: true };
    }
    const inserted = await tx
      .insert(joinSubmissions)
      .values({
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
        spam: o.spam,
        clientHash: o.clientHash,
        idempotencyKey: o.idempotencyKey,
      })
      .onConflictDoNothing({ target: joinSubmissions.idempotencyKey })
      .returning({ id: joinSubmissions.id });
    if (!inserted[0]) {
      const [existing] = await tx.select({ id: joinSubmissions.id }).from(joinSubmissions).where(eq(joinSubmissions.idempotencyKey, o.idempotencyKey!));
      return { id: existing!.id, duplicate: true };
    }
    const id = inserted[0].id;
    if (o.notify && !o.spam) await tx.insert(emailOutbox).values({ kind: "join", submissionId: id, replyTo: s.email, ...joinEmail(s) });
    return { id, duplicate: false };
  });
}
