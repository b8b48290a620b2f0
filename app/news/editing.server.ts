/**
 * Staff keep the news: list, create, edit, delete, pin; app/content/news.yaml seeds what was never seeded.
 * Every change is audited and moves the content version in its own transaction, then is published here
 * (`publish`: the index, the pages and feeds), and at every other instance's next poll: nothing here can
 * change the news without it.
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, getTableColumns, ilike, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { escapeLike } from "../../db/like";
import { bumpContentVersion } from "../../db/content-version.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import { contentDocuments, contentRevisions, contentTranslations, newsItemCommunities, newsItems, newsSeeded } from "../../db/schema";
import { SOURCE_LANGUAGE } from "~/i18n/languages";
import type { NewsSeedItem } from "~/content/schemas";
import type { Published } from "~/lib/published";
import { validate } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { newsItemSchema, type NewsInput } from "./news";
import { newsPath } from "~/content/translation-store.server";

interface StaffNewsItem extends NewsInput {
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

interface NewsListFilter {
  community?: string;
  q?: string;
}

/** Every item, drafts too. For one community, in the order visitors see; otherwise newest first. */
async function listNewsForStaff(db: Database, filter: NewsListFilter): Promise<StaffNewsItem[]> {
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

async function getNewsForStaff(db: Database, id: string): Promise<StaffNewsItem | undefined> {
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

/**
 * The item's words as a revision of its history: what its translations are made from, and what marks them
 * outdated unless the editor called the change minor.
 */
async function recordRevision(tx: Database, actor: Actor, id: string, input: NewsInput, minor: boolean) {
  const path = newsPath(id);
  const [latest] = await tx
    .select({ revision: sql<number>`coalesce(max(${contentRevisions.revision}), 0)::int` })
    .from(contentRevisions)
    .where(and(eq(contentRevisions.path, path), eq(contentRevisions.language, SOURCE_LANGUAGE)));
  const source = JSON.stringify({ title: input.title, excerpt: input.excerpt });
  await tx
    .insert(contentRevisions)
    .values({ path, language: SOURCE_LANGUAGE, revision: (latest?.revision ?? 0) + 1, source, savedBy: actor.id, minor });
}

/** Creates (no id) or updates an item; returns its id, or undefined when the item is gone. */
async function saveNews(db: Database, actor: Actor, input: NewsInput, id?: string, minor = false): Promise<string | undefined> {
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
    const words = !before || before.title !== input.title || before.excerpt !== input.excerpt;
    if (words) await recordRevision(tx, actor, itemId, input, minor);
    await bumpContentVersion(tx);
  });
  return itemId;
}

async function deleteNews(db: Database, actor: Actor, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(newsItems).where(eq(newsItems.id, id)).returning({ title: newsItems.title });
    if (!gone) return false;
    // Its translations and the history they were made from go with it.
    const path = newsPath(id);
    for (const table of [contentDocuments, contentRevisions, contentTranslations]) await tx.delete(table).where(eq(table.path, path));
    await audit(tx, actor, { action: "news-deleted", target: `news:${id}`, details: { title: gone.title } });
    await bumpContentVersion(tx);
    return true;
  });
}

/** Pins the item to the top of one community's list, or unpins it there. */
async function setPinned(db: Database, actor: Actor, id: string, community: string, pinned: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(newsItemCommunities)
      .set({ pinnedAt: pinned ? new Date() : null })
      .where(and(eq(newsItemCommunities.newsItemId, id), eq(newsItemCommunities.communitySlug, community)))
      .returning({ id: newsItemCommunities.newsItemId });
    if (changed.length === 0) return false;
    await audit(tx, actor, { action: pinned ? "news-pinned" : "news-unpinned", target: `news:${id}`, details: { community } });
    await bumpContentVersion(tx);
    return true;
  });
}

/**
 * Adds the seed items whose ids were never seeded, with their communities, and remembers them, in one
 * transaction. An item already seeded is never touched again: staff may have edited or deleted it.
 */
async function seedNews(db: Database, items: NewsSeedItem[]): Promise<number> {
  if (items.length === 0) return 0;
  return db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed one after the other: the second finds it done.
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.newsSeed})`);
    const done = new Set(
      (
        await tx
          .select({ id: newsSeeded.id })
          .from(newsSeeded)
          .where(
            inArray(
              newsSeeded.id,
              items.map((i) => i.id),
            ),
          )
      ).map((r) => r.id),
    );
    const fresh = items.filter((item) => !done.has(item.id));
    for (const item of fresh) {
      await tx
        .insert(newsItems)
        .values({
          id: item.id,
          title: item.title,
          excerpt: item.excerpt,
          source: item.source,
          publishedDate: item.publishedDate,
          originalUrl: item.originalUrl,
          imageUrl: item.imageUrl ?? null,
        })
        .onConflictDoNothing();
      await tx
        .insert(newsItemCommunities)
        .values(item.communities.map((communitySlug) => ({ newsItemId: item.id, communitySlug })))
        .onConflictDoNothing();
    }
    if (fresh.length) {
      await tx
        .insert(newsSeeded)
        .values(fresh.map((i) => ({ id: i.id })))
        .onConflictDoNothing();
      await bumpContentVersion(tx);
    }
    return fresh.length;
  });
}

/**
 * The news as staff keep it. `publish` publishes a change made here, naming the items it touched. Seeding
 * publishes nothing: it runs at start, before the first edition is published with everything in it.
 */
export function newsEditing(db: Database, publish: (newsIds: string[]) => Promise<Published>) {
  return {
    list: (filter: NewsListFilter) => listNewsForStaff(db, filter),
    get: (id: string) => getNewsForStaff(db, id),
    /** Resolves to the item's id, or null when the item to update is gone. */
    /** `minor`: a change its editor called minor (a typo), which leaves the translations current. */
    async save(actor: Actor, input: NewsInput, id?: string, minor = false): Promise<({ id: string } & Published) | null> {
      const saved = await saveNews(db, actor, input, id, minor);
      return saved ? { id: saved, ...(await publish([saved])) } : null;
    },
    /** Null when there was no such item. */
    async remove(actor: Actor, id: string): Promise<Published | null> {
      return (await deleteNews(db, actor, id)) ? publish([id]) : null;
    },
    /** Null when the item is not in that community's list. */
    async pin(actor: Actor, id: string, community: string, pinned: boolean): Promise<Published | null> {
      return (await setPinned(db, actor, id, community, pinned)) ? publish([id]) : null;
    },
    /** At start: the items of news.yaml never seeded before; resolves to how many were added. */
    seed: (items: NewsSeedItem[]) => seedNews(db, items),
  };
}
