/** Staff keep the news: list, create, edit, delete, pin. Every change is audited and reaches visitors at once. */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { newsItemCommunities, newsItems } from "../../db/schema";
import { escapeLike } from "../../db/like";
import { validate } from "~/forms/definitions";
import { newsItemSchema, type NewsInput } from "~/news/news";
import { audit, type Actor } from "./audit.server";

export interface StaffNewsItem extends NewsInput {
  id: string;
  /** The communities where staff pinned it to the top. */
  pinnedIn: string[];
  updatedAt: string;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The form's values, checked with the rules visitors' data must meet. */
export function readNewsForm(form: FormData, communitySlugs: readonly string[]) {
  const values = {
    title: String(form.get("title") ?? ""),
    excerpt: String(form.get("excerpt") ?? ""),
    source: String(form.get("source") ?? ""),
    publishedDate: String(form.get("publishedDate") ?? ""),
    originalUrl: String(form.get("originalUrl") ?? ""),
    communities: form.getAll("communities").map(String),
    status: String(form.get("status") ?? "published"),
  };
  return { values, result: validate(newsItemSchema(communitySlugs, today()), values) };
}

export interface NewsListFilter {
  community?: string;
  q?: string;
}

/** Every item, drafts too. For one community, in the order visitors see; otherwise newest first. */
export async function listNewsForStaff(db: Database, filter: NewsListFilter): Promise<StaffNewsItem[]> {
  // With a community, a left join on its link row both filters the items and gives their pin there.
  const here = and(eq(newsItemCommunities.newsItemId, newsItems.id), eq(newsItemCommunities.communitySlug, filter.community ?? ""));
  const rows = await db
    .select(getTableColumns(newsItems))
    .from(newsItems)
    .leftJoin(newsItemCommunities, here)
    .where(
      and(
        filter.q ? ilike(newsItems.title, `%${escapeLike(filter.q)}%`) : undefined,
        filter.community ? isNotNull(newsItemCommunities.newsItemId) : undefined,
      ),
    )
    .orderBy(sql`${newsItemCommunities.pinnedAt} desc nulls last`, desc(newsItems.publishedDate), asc(newsItems.id))
    .limit(500);
  return withCommunities(db, rows);
}

async function withCommunities(db: Database, rows: (typeof newsItems.$inferSelect)[]): Promise<StaffNewsItem[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(newsItemCommunities)
    .where(
      inArray(
        newsItemCommunities.newsItemId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => {
    const mine = links.filter((l) => l.newsItemId === r.id);
    return {
      id: r.id,
      title: r.title,
      excerpt: r.excerpt,
      source: r.source,
      publishedDate: r.publishedDate,
      originalUrl: r.originalUrl,
      status: r.status === "draft" ? "draft" : "published",
      communities: mine.map((l) => l.communitySlug).sort(),
      pinnedIn: mine.filter((l) => l.pinnedAt).map((l) => l.communitySlug),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function getNewsForStaff(db: Database, id: string): Promise<StaffNewsItem | undefined> {
  const rows = await db.select().from(newsItems).where(eq(newsItems.id, id));
  return (await withCommunities(db, rows))[0];
}

/** What changed, field by field, for the audit log (news is public text, so the values are kept). */
function differences(before: NewsInput | undefined, after: NewsInput) {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof NewsInput)[]) {
    const from = before?.[key];
    if (JSON.stringify(from) !== JSON.stringify(after[key])) changed[key] = { from: from ?? null, to: after[key] };
  }
  return changed;
}

/** Creates (no id) or updates an item; returns its id, or undefined when the item is gone. */
export async function saveNews(db: Database, actor: Actor, input: NewsInput, id?: string): Promise<string | undefined> {
  const before = id ? await getNewsForStaff(db, id) : undefined;
  if (id && !before) return undefined;
  const itemId = id ?? `staff-${randomBytes(6).toString("hex")}`;
  const { communities, ...fields } = input;
  await db.transaction(async (tx) => {
    if (before) {
      await tx
        .update(newsItems)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(newsItems.id, itemId));
      // Communities it leaves lose their pin; those it keeps keep theirs.
      await tx
        .delete(newsItemCommunities)
        .where(
          and(
            eq(newsItemCommunities.newsItemId, itemId),
            sql`${newsItemCommunities.communitySlug} <> all(${sql.param(communities)}::text[])`,
          ),
        );
    } else {
      await tx.insert(newsItems).values({ id: itemId, ...fields });
    }
    await tx
      .insert(newsItemCommunities)
      .values(communities.map((communitySlug) => ({ newsItemId: itemId, communitySlug })))
      .onConflictDoNothing();
    await audit(tx, actor, {
      action: before ? "news-updated" : "news-created",
      target: `news:${itemId}`,
      details: { title: input.title, changed: differences(before, input) },
    });
  });
  return itemId;
}

export async function deleteNews(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(newsItems).where(eq(newsItems.id, id)).returning({ title: newsItems.title });
    if (!gone) return false;
    await audit(tx, actor, { action: "news-deleted", target: `news:${id}`, details: { title: gone.title } });
    return true;
  });
}

/** Pins the item to the top of one community's list, or unpins it there. */
export async function setPinned(db: Database, actor: Actor, id: string, community: string, pinned: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(newsItemCommunities)
      .set({ pinnedAt: pinned ? new Date() : null })
      .where(and(eq(newsItemCommunities.newsItemId, id), eq(newsItemCommunities.communitySlug, community)))
      .returning({ id: newsItemCommunities.newsItemId });
    if (changed.length === 0) return false;
    await audit(tx, actor, { action: pinned ? "news-pinned" : "news-unpinned", target: `news:${id}`, details: { community } });
    return true;
  });
}
