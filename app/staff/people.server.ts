/**
 * People's requests (access, correction, deletion; the privacy policy's promise): everything stored
 * about one email address or phone number, in both inboxes and in the email outbox. Rows are found through
 * their blind index (keyed hashes whose key comes from the inbox key), so this needs the inbox unlocked. The
 * audit log names the person by the same keyed hash, so it records that a request was handled without the address.
 */
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
import { contentsOf, getItem, isOpen, rewriteItem, tableOf, type SubmissionRow } from "./inbox.server";
import { indexPending } from "./inbox-keys.server";
import { blindIndexKey, emailIndexOf, normaliseEmail, normalisePhone, phoneIndexOf, type Keyring } from "~/lib/sealed-submissions.server";

/** Emails are at most 50 characters on the forms; anything else cannot be anyone's. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;
/** A phone number: at least five digits, with the spaces, dashes, dots, brackets and plus people write. */
export const looksLikePhone = (value: string) => /^[+\d\s().-]{5,40}$/.test(value.trim()) && normalisePhone(value).length >= 5;
/** What staff may look a person up by. */
export const looksLikeContact = (value: string) => looksLikeEmail(value) || looksLikePhone(value);

/** `person:<keyed hash>`: the same person gives the same target, and only a holder of the inbox key can test a guess. */
export const personTarget = (keyring: Keyring, contact: string) => `person:${indexOf(keyring, contact)!.slice(0, 24)}`;

/** The blind index value a contact is looked up by: the email's, or the phone's. */
function indexOf(keyring: Keyring, contact: string): string | null {
  const key = blindIndexKey(keyring);
  return looksLikeEmail(contact) ? emailIndexOf(key, contact) : phoneIndexOf(key, contact);
}

interface PersonRecord {
  inbox: InboxDescription;
  row: SubmissionRow;
}

interface PersonData {
  records: PersonRecord[];
  outbox: (typeof emailOutbox.$inferSelect)[];
}

/** Where a contact's rows are: its blind index, matched against the email or the phone column. */
function byContact(t: ReturnType<typeof tableOf>, keyring: Keyring, contact: string) {
  const value = indexOf(keyring, contact) ?? "";
  return looksLikeEmail(contact) ? eq(t.emailIndex, value) : eq(t.phoneIndex, value);
}

/** Their rows' ids, per inbox, after indexing any row that arrived while everyone was locked. */
async function rowsOf(db: Database, keyring: Keyring, contact: string) {
  await indexPending(db, keyring);
  return Promise.all(
    Object.values(INBOXES).map(async (inbox) => {
      const t = tableOf(inbox.form);
      const ids = await db
        .select({ id: t.id })
        .from(t)
        .where(byContact(t, keyring, contact))
        .orderBy(asc(t.createdAt));
      return { inbox, ids: ids.map((r) => r.id) };
    }),
  );
}

/** Queued notifications that carry the address (NOTIFY_INCLUDE_DETAILS replies to it) until they are sent. */
const outboxOf = (ids: string[], contact: string) =>
  or(
    ids.length ? inArray(emailOutbox.submissionId, ids) : undefined,
    looksLikeEmail(contact) ? sql`lower(${emailOutbox.replyTo}) = ${normaliseEmail(contact)}` : undefined,
  );

/** Every row of theirs, oldest first, and every notification email about them, sent or waiting. */
export async function findPerson(db: Database, keyring: Keyring, contact: string): Promise<PersonData> {
  const found = await rowsOf(db, keyring, contact);
  const records: PersonRecord[] = [];
  for (const { inbox, ids } of found) {
    for (const id of ids) {
      const row = await getItem(db, inbox, id, keyring);
      if (row && isOpen(row)) records.push({ inbox, row });
    }
  }
  const outbox = await db
    .select()
    .from(emailOutbox)
    .where(
      outboxOf(
        records.map((r) => r.row.id),
        contact,
      ),
    )
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
export function personJson(contact: string, found: PersonData, now = new Date()) {
  return {
    [looksLikeEmail(contact) ? "email" : "phone"]: looksLikeEmail(contact) ? normaliseEmail(contact) : contact.trim(),
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
  keyring: Keyring,
  contact: string,
  action: "person-searched" | "person-exported",
  details: Record<string, unknown>,
) {
  await audit(db, actor, { action, target: personTarget(keyring, contact), details });
}

/** Deletes every row of theirs and every email about them, in one transaction; the counts deleted. */
export async function erasePerson(db: Database, actor: Actor, keyring: Keyring, contact: string) {
  await indexPending(db, keyring);
  return db.transaction(async (tx) => {
    const deleted = { messages: 0, volunteers: 0 } satisfies Record<InboxSlug, number>;
    const ids: string[] = [];
    for (const inbox of Object.values(INBOXES)) {
      const t = tableOf(inbox.form);
      const gone = await tx
        .delete(t)
        .where(byContact(t, keyring, contact))
        .returning({ id: t.id });
      ids.push(...gone.map((g) => g.id));
      deleted[inbox.slug] = gone.length;
    }
    const emails = await tx.delete(emailOutbox).where(outboxOf(ids, contact)).returning({ id: emailOutbox.id });
    await audit(tx, actor, {
      action: "person-deleted",
      target: personTarget(keyring, contact),
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
  keyring: Keyring,
  inbox: InboxDescription,
  id: string,
  values: FormValues,
): Promise<CorrectionResult | null> {
  const row = await getItem(db, inbox, id, keyring);
  if (!row || !isOpen(row)) return null;
  const parsed = validate(inbox.form.schema, { ...values, agree_to_terms: row.agree_to_terms });
  if (!parsed.success) return { ok: false, fieldErrors: parsed.fieldErrors };
  const next = parsed.data as Record<string, unknown>;
  const changed = correctableFields(inbox.form).filter((f) => cellOf(next[f]) !== cellOf(row[f]));
  if (changed.length === 0) return { ok: true, changed };
  await rewriteItem(db, inbox, id, keyring, (current) => {
    const contents = contentsOf(inbox, current);
    return { ...contents, fields: { ...contents.fields, ...Object.fromEntries(changed.map((f) => [f, next[f]])) } };
  });
  await audit(db, actor, {
    action: "person-corrected",
    target: personTarget(keyring, row.email),
    details: { record: `${inbox.form.table}:${id}`, fields: changed },
  });
  return { ok: true, changed };
}
