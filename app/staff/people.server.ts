/**
 * People's requests (access, correction, deletion; the privacy policy's promise): everything stored
 * about one email address, in both inboxes and in the email outbox. The audit log names the person only
 * by a keyed hash of the address, so it records that a request was handled without keeping the address.
 */
import { createHmac } from "node:crypto";
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { emailOutbox } from "../../db/schema";
import { FORMS, type FormDefinition, type FormValues } from "~/forms/definitions";
import { validate, type FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "./audit.server";
import { cellOf, toCsv } from "./csv.server";
import type { InboxSlug } from "~/forms/inboxes";
import { STATUSES, type Status } from "./inbox";
import { INBOXES, type InboxDescription } from "./inbox-forms";
import { getItem, tableOf, type SubmissionRow } from "./inbox.server";

const normalise = (email: string) => email.trim().toLowerCase();

/** Emails are at most 50 characters on the forms; anything else cannot be anyone's. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;

/** `person:<keyed hash>`: the same person gives the same target, and the address cannot be read back. */
export const personTarget = (secret: string, email: string) =>
  `person:${createHmac("sha256", secret)
    .update(`person:${normalise(email)}`)
    .digest("hex")
    .slice(0, 24)}`;

interface PersonRecord {
  inbox: InboxDescription;
  row: SubmissionRow;
}

interface PersonData {
  records: PersonRecord[];
  outbox: (typeof emailOutbox.$inferSelect)[];
}

/** Every row of theirs, oldest first, and every notification email about them, sent or waiting. */
export async function findPerson(db: Database, email: string): Promise<PersonData> {
  const address = normalise(email);
  const records = (
    await Promise.all(
      Object.values(INBOXES).map(async (inbox) => {
        const t = tableOf(inbox.form);
        const rows = (await db
          .select()
          .from(t)
          .where(sql`lower(${t.email}) = ${address}`)
          .orderBy(asc(t.createdAt))) as SubmissionRow[];
        return rows.map((row) => ({ inbox, row }));
      }),
    )
  ).flat();
  const ids = records.map((r) => r.row.id);
  const outbox = await db
    .select()
    .from(emailOutbox)
    .where(or(ids.length ? inArray(emailOutbox.submissionId, ids) : undefined, sql`lower(${emailOutbox.replyTo}) = ${address}`))
    .orderBy(asc(emailOutbox.createdAt));
  return { records, outbox };
}

/** One record as the person sent it, under the form's labels, with what staff did with it. */
function describe({ inbox, row }: PersonRecord) {
  const labels = inbox.form.labels as Record<string, string>;
  return {
    form: inbox.title,
    id: row.id,
    received: row.createdAt.toISOString(),
    status: STATUSES[row.status as Status] ?? row.status,
    spam: row.spam,
    fields: Object.fromEntries(inbox.form.fields.map((f) => [labels[f]!, row[f]])),
  };
}

/** The JSON a data request is answered with: what they sent, and the email it caused. */
export function personJson(email: string, found: PersonData, now = new Date()) {
  return {
    email: normalise(email),
    exportedAt: now.toISOString(),
    submissions: found.records.map(describe),
    notificationEmails: found.outbox.map((o) => ({
      subject: o.subject,
      body: o.body,
      queuedAt: o.createdAt.toISOString(),
      sentAt: o.sentAt?.toISOString() ?? null,
    })),
  };
}

/** One CSV for both forms: a column for every field either form has, then when and how it was handled. */
export function personCsv(found: PersonData): string {
  const columns = [...new Set(FORMS.flatMap((form) => form.fields as string[]))];
  const labelOf = (field: string) => FORMS.map((f) => (f.labels as Record<string, string>)[field]).find(Boolean)!;
  return toCsv(
    ["Form", ...columns.map(labelOf), "Received (UTC)", "Status", "Spam"],
    found.records.map(({ inbox, row }) => [
      inbox.title,
      ...columns.map((c) => ((inbox.form.fields as string[]).includes(c) ? cellOf(row[c]) : "")),
      cellOf(row.createdAt),
      STATUSES[row.status as Status] ?? row.status,
      cellOf(row.spam),
    ]),
  );
}

/** Looking someone up and exporting their data are logged too: who handled whose request, and when. */
export async function recordRequest(
  db: Database,
  actor: Actor,
  secret: string,
  email: string,
  action: "person-searched" | "person-exported",
  details: Record<string, unknown>,
) {
  await audit(db, actor, { action, target: personTarget(secret, email), details });
}

/** Deletes every row of theirs and every email about them, in one transaction; the counts deleted. */
export async function erasePerson(db: Database, actor: Actor, secret: string, email: string) {
  const address = normalise(email);
  return db.transaction(async (tx) => {
    const deleted = { messages: 0, volunteers: 0 } satisfies Record<InboxSlug, number>;
    const ids: string[] = [];
    for (const inbox of Object.values(INBOXES)) {
      const t = tableOf(inbox.form);
      const gone = await tx
        .delete(t)
        .where(sql`lower(${t.email}) = ${address}`)
        .returning({ id: t.id });
      ids.push(...gone.map((g) => g.id));
      deleted[inbox.slug] = gone.length;
    }
    const emails = await tx
      .delete(emailOutbox)
      .where(or(ids.length ? inArray(emailOutbox.submissionId, ids) : undefined, sql`lower(${emailOutbox.replyTo}) = ${address}`))
      .returning({ id: emailOutbox.id });
    await audit(tx, actor, {
      action: "person-deleted",
      target: personTarget(secret, email),
      details: { ...deleted, emails: emails.length },
    });
    return { ...deleted, emails: emails.length };
  });
}

/** The fields staff may correct: all but the consent, which records what the person agreed to. */
export const correctableFields = (form: FormDefinition) => (form.fields as string[]).filter((f) => f !== "agree_to_terms");

type CorrectionResult = { ok: true; changed: string[] } | { ok: false; fieldErrors: FieldErrors };

/**
 * Corrects a stored submission with the same rules the public form applies. Only the names of the fields
 * that changed reach the audit log, never their values.
 */
export async function correctSubmission(
  db: Database,
  actor: Actor,
  secret: string,
  inbox: InboxDescription,
  id: string,
  values: FormValues,
): Promise<CorrectionResult | null> {
  const row = await getItem(db, inbox, id);
  if (!row) return null;
  const parsed = validate(inbox.form.schema, { ...values, agree_to_terms: row.agree_to_terms });
  if (!parsed.success) return { ok: false, fieldErrors: parsed.fieldErrors };
  const next = parsed.data as Record<string, unknown>;
  const changed = correctableFields(inbox.form).filter((f) => cellOf(next[f]) !== cellOf(row[f]));
  if (changed.length === 0) return { ok: true, changed };
  const t = tableOf(inbox.form);
  await db.transaction(async (tx) => {
    await tx
      .update(t)
      .set(Object.fromEntries(changed.map((f) => [f, next[f]])))
      .where(eq(t.id, id));
    await audit(tx, actor, {
      action: "person-corrected",
      target: personTarget(secret, row.email),
      details: { record: `${inbox.form.table}:${id}`, fields: changed },
    });
  });
  return { ok: true, changed };
}
