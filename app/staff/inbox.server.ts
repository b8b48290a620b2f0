/** Reading and handling submissions in the staff area: lists, one item, status, spam, notes, deletion. */
import { notFound } from "~/lib/responses";
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.server";
import { emailOutbox, submissionTables } from "../../db/schema";
import type { FormDefinition } from "~/forms/definitions";
import { escapeLike } from "../../db/like";
import { audit, type Actor } from "./audit.server";
import { PAGE_SIZE, SPAM_KEEP_DAYS, type InboxFilter, type Status } from "./inbox";
import { inboxBySlug, type InboxDescription } from "./inbox-forms";

/** The inbox a staff URL names (/admin/:inbox/…), or a 404. */
export function inboxOrNotFound(slug: string): InboxDescription {
  const inbox = inboxBySlug(slug);
  if (!inbox) notFound();
  return inbox;
}

/** Both tables share these columns; the form's own fields are reached through `columnsOf`. */
export const tableOf = (form: FormDefinition) => submissionTables[form.table] as (typeof submissionTables)["contact_submissions"];
const columnsOf = (form: FormDefinition) => getTableColumns(submissionTables[form.table]) as unknown as Record<string, PgColumn>;

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

/** When retention will delete an item: done items RETENTION_DAYS after they were done, spam after 30 days. */
export function deletionDate(row: Pick<SubmissionRow, "status" | "spam" | "handledAt" | "createdAt">, retentionDays: number): Date | null {
  const DAY = 86_400_000;
  if (row.spam) return new Date(new Date(row.handledAt ?? row.createdAt).getTime() + SPAM_KEEP_DAYS * DAY);
  if (row.status === "done") return new Date(new Date(row.handledAt ?? row.createdAt).getTime() + retentionDays * DAY);
  return null;
}

function whereOf(inbox: InboxDescription, filter: Omit<InboxFilter, "page">): SQL | undefined {
  const t = tableOf(inbox.form);
  const cols = columnsOf(inbox.form);
  const conditions: (SQL | undefined)[] = [eq(t.spam, filter.spam)];
  if (filter.status) conditions.push(eq(t.status, filter.status));
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(...inbox.searchFields.map((f) => ilike(cols[f]!, pattern))));
  }
  if (filter.interest && cols.interests) conditions.push(sql`${cols.interests} @> array[${filter.interest}]::text[]`);
  if (filter.community) conditions.push(sql`lower(${t.community}) = lower(${filter.community})`);
  if (filter.country) conditions.push(sql`lower(${t.country}) = lower(${filter.country})`);
  if (filter.language) conditions.push(eq(t.language, filter.language));
  return and(...conditions);
}

export async function listInbox(db: Database, inbox: InboxDescription, filter: InboxFilter) {
  const t = tableOf(inbox.form);
  const cols = columnsOf(inbox.form);
  const where = whereOf(inbox, filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: t.id,
        name: t.name,
        email: t.email,
        summary: cols[inbox.summaryField]!,
        language: t.language,
        status: t.status,
        spam: t.spam,
        handledAt: t.handledAt,
        createdAt: t.createdAt,
      })
      .from(t)
      .where(where)
      .orderBy(desc(t.createdAt), desc(t.id))
      .limit(PAGE_SIZE)
      .offset((filter.page - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(t).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { rows, total, pages: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Every row of the current filter, oldest first, for CSV export. */
export async function exportInbox(db: Database, inbox: InboxDescription, filter: Omit<InboxFilter, "page">) {
  const t = tableOf(inbox.form);
  return (await db.select().from(t).where(whereOf(inbox, filter)).orderBy(asc(t.createdAt))) as SubmissionRow[];
}

/** The values volunteers gave for community and country, for the filter menus. */
export async function filterChoices(db: Database, inbox: InboxDescription) {
  const t = tableOf(inbox.form);
  const distinct = async (column: PgColumn) =>
    (
      await db
        .selectDistinct({ v: column })
        .from(t)
        .where(sql`${column} <> ''`)
        .orderBy(asc(column))
        .limit(300)
    ).map((r) => String(r.v));
  if (!inbox.filters.includes("community")) return { community: [], country: [] };
  const [community, country] = await Promise.all([distinct(t.community), distinct(t.country)]);
  return { community, country };
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

export async function getItem(db: Database, inbox: InboxDescription, id: string): Promise<SubmissionRow | undefined> {
  if (!isId(id)) return undefined;
  const t = tableOf(inbox.form);
  const [row] = await db.select().from(t).where(eq(t.id, id));
  return row as SubmissionRow | undefined;
}

export type ItemChange = { status: Status } | { spam: boolean } | { note: string } | { delete: true };

/** Applies one change to the given items and records it in the audit log (never their content). */
export async function changeItems(db: Database, actor: Actor, inbox: InboxDescription, ids: string[], change: ItemChange): Promise<number> {
  const t = tableOf(inbox.form);
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
          : await update({ note: change.note.slice(0, 5000) });
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
