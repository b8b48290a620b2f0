/** Reading and handling submissions in the staff area: lists, one item, status, spam, notes, deletion. */
import { notFound } from "~/lib/responses";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { emailOutbox, submissionTables } from "../../db/schema";
import type { FormDefinition } from "~/forms/definitions";
import { indexesOf, openContents, resealContents, type Keyring, type SealedContents } from "~/lib/sealed-submissions.server";
import { cellOf } from "./csv.server";
import { audit, type Actor } from "./audit.server";
import { PAGE_SIZE, SPAM_KEEP_DAYS, type InboxFilter, type Status } from "./inbox";
import { inboxBySlug, type InboxDescription } from "./inbox-forms";

/** The inbox a staff URL names (/admin/:inbox/…), or a 404. */
export function inboxOrNotFound(slug: string): InboxDescription {
  const inbox = inboxBySlug(slug);
  if (!inbox) notFound();
  return inbox;
}

export const tableOf = (form: FormDefinition) => submissionTables[form.table];

/** A row as the inbox reads it: the clear columns, and what is sealed, opened with the session's keyring. */
export type SubmissionRow = Record<string, unknown> & {
  id: string;
  name: string;
  email: string;
  status: string;
  spam: boolean;
  note: string;
  language: string;
  handledAt: Date | null;
  createdAt: Date;
};

/** A row the keyring could not open: locked, or sealed to a key this session does not hold. */
export interface LockedRow {
  id: string;
  status: string;
  spam: boolean;
  handledAt: Date | null;
  createdAt: Date;
  locked: true;
}

const clearColumns = (t: ReturnType<typeof tableOf>) => ({
  id: t.id,
  status: t.status,
  spam: t.spam,
  handledAt: t.handledAt,
  createdAt: t.createdAt,
  format: t.format,
  keyId: t.keyId,
  sealedKey: t.sealedKey,
  sealed: t.sealed,
});

type StoredRow = { [K in keyof ReturnType<typeof clearColumns>]: ReturnType<typeof clearColumns>[K]["_"]["data"] | null } & {
  id: string;
  status: string;
  spam: boolean;
  createdAt: Date;
  format: number;
};

/** The row opened, or locked when there is no keyring or it does not hold the row's key. */
export function openRow(form: FormDefinition, row: StoredRow, keyring: Keyring | null): SubmissionRow | LockedRow {
  const clear = { id: row.id, status: row.status, spam: row.spam, handledAt: row.handledAt, createdAt: row.createdAt };
  const contents = keyring ? openContents(form.table, row, keyring) : null;
  if (!contents) return { ...clear, locked: true };
  return { ...contents.fields, ...clear, language: contents.language, note: contents.note } as SubmissionRow;
}

export const isOpen = (row: SubmissionRow | LockedRow): row is SubmissionRow => !("locked" in row);

/** When retention will delete an item: done items RETENTION_DAYS after they were done, spam after 30 days. */
export function deletionDate(row: Pick<SubmissionRow, "status" | "spam" | "handledAt" | "createdAt">, retentionDays: number): Date | null {
  const DAY = 86_400_000;
  if (row.spam) return new Date(new Date(row.handledAt ?? row.createdAt).getTime() + SPAM_KEEP_DAYS * DAY);
  if (row.status === "done") return new Date(new Date(row.handledAt ?? row.createdAt).getTime() + retentionDays * DAY);
  return null;
}

/** The filters the database can apply: those on clear columns. */
function clearWhere(inbox: InboxDescription, filter: Omit<InboxFilter, "page">): SQL | undefined {
  const t = tableOf(inbox.form);
  return and(eq(t.spam, filter.spam), filter.status ? eq(t.status, filter.status) : undefined);
}

/** The filters on sealed fields, applied to opened rows in memory. */
const sealedFilters = (filter: Omit<InboxFilter, "page">) =>
  Boolean(filter.q || filter.interest || filter.community || filter.country || filter.language);

const fold = (text: string) => text.normalize("NFKC").toLocaleLowerCase();

function matches(inbox: InboxDescription, filter: Omit<InboxFilter, "page">, row: SubmissionRow): boolean {
  if (filter.language && row.language !== filter.language) return false;
  if (filter.interest && !(row.interests as string[] | undefined)?.includes(filter.interest)) return false;
  for (const name of ["community", "country"] as const) {
    const wanted = filter[name];
    if (wanted && !fold(String(row[name] ?? "")).includes(fold(wanted))) return false;
  }
  if (filter.q) {
    const q = fold(filter.q);
    if (!inbox.searchFields.some((f) => fold(cellOf(row[f])).includes(q))) return false;
  }
  return true;
}

export interface InboxPage {
  rows: (SubmissionRow | LockedRow)[];
  total: number;
  pages: number;
  /** A filter on sealed fields was asked for while locked: it was not applied. */
  filterNeedsUnlock: boolean;
}

/**
 * One page of the inbox, newest first. Filters on clear columns run in the database, and only the page's rows
 * are opened; a search or a filter on sealed fields opens every row the clear filters leave, in memory.
 */
export async function listInbox(db: Database, inbox: InboxDescription, filter: InboxFilter, keyring: Keyring | null): Promise<InboxPage> {
  const t = tableOf(inbox.form);
  const where = clearWhere(inbox, filter);
  const order = [desc(t.createdAt), desc(t.id)];
  if (keyring && sealedFilters(filter)) {
    const all = (await db
      .select(clearColumns(t))
      .from(t)
      .where(where)
      .orderBy(...order)) as StoredRow[];
    const found = all.map((r) => openRow(inbox.form, r, keyring)).filter((r) => isOpen(r) && matches(inbox, filter, r));
    const start = (filter.page - 1) * PAGE_SIZE;
    return {
      rows: found.slice(start, start + PAGE_SIZE),
      total: found.length,
      pages: Math.max(1, Math.ceil(found.length / PAGE_SIZE)),
      filterNeedsUnlock: false,
    };
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select(clearColumns(t))
      .from(t)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(t).where(where),
  ]);
  const total = counted?.total ?? 0;
  return {
    rows: (rows as StoredRow[]).map((r) => openRow(inbox.form, r, keyring)),
    total,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    filterNeedsUnlock: sealedFilters(filter),
  };
}

const EXPORT_BATCH = 500;

/** Every row of the current filter, oldest first, opened a batch at a time: for the streamed CSV export. */
export async function* exportInbox(db: Database, inbox: InboxDescription, filter: Omit<InboxFilter, "page">, keyring: Keyring) {
  const t = tableOf(inbox.form);
  const where = clearWhere(inbox, filter);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const batch = (await db
      .select(clearColumns(t))
      .from(t)
      .where(where)
      .orderBy(asc(t.createdAt), asc(t.id))
      .limit(EXPORT_BATCH)
      .offset(offset)) as StoredRow[];
    yield batch.map((r) => openRow(inbox.form, r, keyring)).filter((r): r is SubmissionRow => isOpen(r) && matches(inbox, filter, r));
    if (batch.length < EXPORT_BATCH) return;
  }
}

/** New, not spam: the numbers in the staff navigation. */
export async function newCounts(db: Database, inboxes: readonly InboxDescription[]) {
  const counts = await Promise.all(
    inboxes.map(async (inbox) => {
      const t = tableOf(inbox.form);
      const [row] = await db
        .select({ n: count() })
        .from(t)
        .where(and(eq(t.status, "new"), eq(t.spam, false)));
      return [inbox.slug, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<InboxDescription["slug"], number>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (v: unknown): v is string => typeof v === "string" && UUID.test(v);

/** One item, opened when the keyring holds its key, locked otherwise; undefined when there is none. */
export async function getItem(
  db: Database,
  inbox: InboxDescription,
  id: string,
  keyring: Keyring | null,
): Promise<SubmissionRow | LockedRow | undefined> {
  if (!isId(id)) return undefined;
  const t = tableOf(inbox.form);
  const [row] = (await db.select(clearColumns(t)).from(t).where(eq(t.id, id))) as StoredRow[];
  return row && openRow(inbox.form, row, keyring);
}

/** New sealed contents for one item (a note, a correction), under its own data key; false when it cannot be opened. */
export async function rewriteItem(
  db: Database,
  inbox: InboxDescription,
  id: string,
  keyring: Keyring,
  change: (row: SubmissionRow) => SealedContents,
): Promise<boolean> {
  const t = tableOf(inbox.form);
  return db.transaction(async (tx) => {
    // Read and rewritten under a row lock: two notes saved at once keep the later, not a mix.
    const [row] = (await tx.select(clearColumns(t)).from(t).where(eq(t.id, id)).for("update")) as StoredRow[];
    const opened = row && openRow(inbox.form, row, keyring);
    if (!opened || !isOpen(opened)) return false;
    const contents = change(opened);
    const sealed = resealContents(inbox.form.table, row, keyring, contents);
    if (!sealed) return false;
    await tx
      .update(t)
      .set({ ...sealed, ...indexesOf(keyring, contents.fields) })
      .where(eq(t.id, id));
    return true;
  });
}

/** What a row holds, to be sealed again: its fields, language and note. */
export function contentsOf(inbox: InboxDescription, row: SubmissionRow): SealedContents {
  return { fields: Object.fromEntries(inbox.form.fields.map((f) => [f, row[f]])), language: row.language, note: row.note };
}

export type ItemChange = { status: Status } | { spam: boolean } | { note: string } | { delete: true };

/** Applies one change to the given items and records it in the audit log (never their content). */
export async function changeItems(
  db: Database,
  actor: Actor,
  inbox: InboxDescription,
  ids: string[],
  change: ItemChange,
  keyring: Keyring | null,
): Promise<number> {
  const t = tableOf(inbox.form);
  // A note is sealed with the item: writing one needs the item opened.
  const noteOn = async (id: string, note: string) =>
    keyring && (await rewriteItem(db, inbox, id, keyring, (row) => ({ ...contentsOf(inbox, row), note }))) ? [{ id }] : [];
  const valid = ids.filter(isId).slice(0, 500);
  if (valid.length === 0) return 0;
  const targets = inArray(t.id, valid);
  // Retention counts from the moment an item is done or spam; taking it back clears the clock.
  const handled = (done: SQL, spam: SQL) => sql`case when ${done} or ${spam} then coalesce(${t.handledAt}, now()) else null end`;
  const update = (set: PgUpdateSetSource<typeof t>) => db.update(t).set(set).where(targets).returning({ id: t.id });
  const changed =
    "delete" in change
      ? await db.transaction(async (tx) => {
          await tx.delete(emailOutbox).where(inArray(emailOutbox.submissionId, valid));
          return tx.delete(t).where(targets).returning({ id: t.id });
        })
      : "status" in change
        ? await update({ status: change.status, handledAt: handled(sql`${change.status} = 'done'`, sql`${t.spam}`) })
        : "spam" in change
          ? await update({ spam: change.spam, handledAt: handled(sql`${t.status} = 'done'`, sql`${change.spam}`) })
          : await noteOn(valid[0]!, change.note.slice(0, 5000));
  if (changed.length > 0) {
    const action =
      "delete" in change
        ? "deleted"
        : "status" in change
          ? "status-changed"
          : "spam" in change
            ? change.spam
              ? "spam-marked"
              : "spam-cleared"
            : "note-changed";
    await audit(db, actor, {
      action,
      target: changed.length === 1 ? `${inbox.form.table}:${changed[0]!.id}` : inbox.form.table,
      details: {
        count: changed.length,
        ...("status" in change ? { status: change.status } : {}),
        ...(changed.length > 1 ? { ids: changed.map((c) => c.id) } : {}),
      },
    });
  }
  return changed.length;
}
