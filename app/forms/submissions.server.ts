/**
 * Storing accepted submissions. The row and its notification email (outbox) are written in one
 * transaction, and the visitor is told "sent" only after it commits.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { href } from "react-router";
import type { Database } from "../../db/client.server";
import { emailOutbox, submissionTables } from "../../db/schema";
import type { FormDefinition, Submission } from "./definitions";
import { currentInboxKey, sealContents } from "~/lib/sealed-submissions.server";
import { SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";

export interface NotifyOptions {
  /** NOTIFY_INCLUDE_DETAILS: copy the submission into the email. Off by default: mailboxes are never purged. */
  includeDetails: boolean;
  /** SITE_URL: the email links to the item in the staff area there. */
  siteUrl: string;
}

interface StoreOptions {
  /** The language the person wrote in (the page's, or the JSON body's): staff reply in it. */
  language?: LanguageCode;
  spam: boolean;
  clientHash: string | null;
  idempotencyKey: string | null;
  /** Queue a notification email (only when mail is configured, and never for spam). */
  notify: NotifyOptions | null;
}

/**
 * The notification email. By default it says only that something arrived and links to it in the inbox;
 * with NOTIFY_INCLUDE_DETAILS it carries every field the person filled in, and replies go to them.
 */
function notificationEmail<F extends FormDefinition>(form: F, data: Submission<F>, id: string, notify: NotifyOptions) {
  const link = notify.siteUrl + href("/admin/:inbox/:id", { inbox: form.inbox, id });
  if (!notify.includeDetails) {
    return {
      subject: form.notificationTitle,
      body: `${form.notificationTitle} arrived through the website.\n\nRead it in the staff area (you will be asked to sign in):\n${link}\n\nThis email holds no personal data, by design.\n`,
      replyTo: null,
    };
  }
  const labels = form.labels as Record<string, string>;
  const values = data as Record<string, unknown>;
  const lines = form.fields
    .filter((f) => f !== "message" && f !== "agree_to_terms")
    .map((f) => [labels[f], Array.isArray(values[f]) ? (values[f] as string[]).join("; ") : String(values[f] ?? "")] as const)
    .filter(([, value]) => value !== "")
    .map(([label, value]) => `${label}: ${value}\n`);
  const message = String(values.message ?? "");
  return {
    subject: form
      .headline(data as never)
      .join(": ")
      .slice(0, 200),
    body: `${form.emailIntro}\n\n${lines.join("")}${message ? `\nMessage:\n${message}\n` : ""}\nIn the staff area: ${link}\n`,
    replyTo: (data as { email: string }).email,
  };
}

/** No inbox key yet: nothing can be sealed, so nothing is stored (the visitor keeps what they typed). */
export class NoInboxKey extends Error {
  constructor() {
    super("No inbox key: an administrator makes one with `npm run staff -- inbox-key` (docs/deploy.md).");
  }
}

/**
 * Inserts a submission once per idempotency key, sealed to the inbox key, and in the same transaction queues
 * its email. A repeated key (double click, resend, or a concurrent twin) returns the first row's id.
 */
export async function storeSubmission<F extends FormDefinition>(
  db: Database,
  form: F,
  data: Submission<F>,
  o: StoreOptions,
): Promise<{ id: string; duplicate: boolean }> {
  const table = submissionTables[form.table];
  return db.transaction(async (tx) => {
    const findByKey = async (key: string) => (await tx.select({ id: table.id }).from(table).where(eq(table.idempotencyKey, key)))[0]?.id;
    if (o.idempotencyKey) {
      const existing = await findByKey(o.idempotencyKey);
      if (existing) return { id: existing, duplicate: true };
    }
    const key = await currentInboxKey(tx);
    if (!key) throw new NoInboxKey();
    // The id is made here because the ciphertext is bound to it.
    const id = randomUUID();
    const contents = { fields: data as Record<string, unknown>, language: o.language ?? SOURCE_LANGUAGE, note: "" };
    const [inserted] = await tx
      .insert(table)
      .values({
        id,
        ...sealContents(form.table, id, key, contents),
        spam: o.spam,
        clientHash: o.clientHash,
        idempotencyKey: o.idempotencyKey,
      })
      .onConflictDoNothing({ target: table.idempotencyKey })
      .returning({ id: table.id });
    // No row: a concurrent request with the same key committed first.
    if (!inserted) return { id: (await findByKey(o.idempotencyKey!))!, duplicate: true };
    if (o.notify && !o.spam) {
      await tx
        .insert(emailOutbox)
        .values({ submissionId: inserted.id, kind: form.kind, ...notificationEmail(form, data, inserted.id, o.notify) });
    }
    return { id: inserted.id, duplicate: false };
  });
}
