import { XMLParser } from "fast-xml-parser";
import { asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { isNewer, readContentVersion } from "../../db/content-version.server";
import { auditLog } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { newsServiceOn } from "../../tests/helpers/news";
import type { NewsSeedItem } from "~/content/schemas";
import { validate } from "~/lib/validation";
import { SYSTEM } from "~/staff/audit.server";
import { atomFeed } from "./feed.server";
import { newsItemSchema } from "./news";
import { latestNews, newsForCommunity } from "./queries.server";

const item = (id: string, date: string, communities: string[]): NewsSeedItem => ({
  id,
  title: `Title ${id}`,
  source: "Source",
  publishedDate: date,
  originalUrl: `https://example.org/${id}`,
  excerpt: `Excerpt ${id}`,
  communities,
});
const SEED = [item("a", "2024-01-02", ["yazidis", "kurds"]), item("b", "2025-03-04", ["yazidis"]), item("c", "2023-05-06", ["copts"])];
const ids = (list: { id: string }[]) => list.map((n) => n.id);
const input = (fields: Partial<Record<string, unknown>> = {}) => {
  const parsed = validate(newsItemSchema(["yazidis", "kurds", "copts", "druze"], "2026-11-22"), {
    title: "Staff item",
    excerpt: "What happened.",
    source: "Reuters",
    publishedDate: "2026-01-05",
    originalUrl: "https://example.org/staff",
    communities: ["druze"],
    status: "published",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
};

forEachDatabase("news", (handle) => {
  const news = () => newsServiceOn(handle().db);
  beforeAll(async () => {
    expect(await news().seed(SEED)).toBe(3);
    expect(await news().seed(SEED)).toBe(0); // idempotent
  });

  it("seeds each item once when instances start together (the second waits for the first)", async () => {
    const more = [item("together-1", "2022-01-01", ["druze"]), item("together-2", "2022-01-02", ["druze"])];
    const counts = await Promise.all([news().seed(more), news().seed(more), news().seed(more)]);
    expect(counts.sort()).toEqual([0, 0, 2]);
  });

  it("reads a community's items newest first, with every field, and a shared item on each of its communities", async () => {
    const yazidi = await newsForCommunity(handle().db, "yazidis");
    expect(ids(yazidi)).toEqual(["b", "a"]);
    expect(yazidi[0]).toMatchObject({
      title: "Title b",
      source: "Source",
      publishedDate: "2025-03-04",
      originalUrl: "https://example.org/b",
    });
    expect(ids(await newsForCommunity(handle().db, "kurds"))).toEqual(["a"]);
    expect(await newsForCommunity(handle().db, "sikhs")).toEqual([]);
  });

  it("never overrides staff: an edited seed item stays edited, a deleted one stays deleted, only new ids are seeded", async () => {
    const { db } = handle();
    await news().save(SYSTEM, input({ title: "Edited by staff", communities: ["copts"] }), "c");
    await news().remove(SYSTEM, "b");
    const changedFile = [...SEED.map((s) => ({ ...s, title: "From the file again" })), item("d", "2025-06-01", ["copts"])];
    expect(await news().seed(changedFile)).toBe(1); // a restart or deploy with a changed news.yaml
    expect((await newsForCommunity(db, "copts")).map((n) => n.title)).toEqual(["Edited by staff", "Title d"]);
    expect(ids(await newsForCommunity(db, "yazidis"))).toEqual(["a"]);
  });

  it("records every change in the audit log: who, which item, what changed", async () => {
    const { db } = handle();
    const editor = { id: "u1", email: "editor@example.org" };
    const id = (await news().save(editor, input({ title: "First wording" })))!.id;
    await news().save(editor, input({ title: "Second wording" }), id);
    await news().pin(editor, id!, "druze", true);
    await news().remove(editor, id!);
    const entries = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `news:${id}`))
      .orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ["news-created", "editor@example.org"],
      ["news-updated", "editor@example.org"],
      ["news-pinned", "editor@example.org"],
      ["news-deleted", "editor@example.org"],
    ]);
    expect(entries[1]!.details).toEqual({ title: "Second wording", changed: { title: { from: "First wording", to: "Second wording" } } });
    expect(entries[2]!.details).toEqual({ community: "druze" });
  });

  it("hides drafts, and a pin puts an item on top of one community only", async () => {
    const { db } = handle();
    const draft = (await news().save(SYSTEM, input({ title: "Draft", status: "draft", communities: ["kurds"] })))!.id;
    expect(ids(await newsForCommunity(db, "kurds"))).not.toContain(draft);
    expect(ids(await latestNews(db))).not.toContain(draft);
    const old = (await news().save(
      SYSTEM,
      input({ title: "Old but important", publishedDate: "2020-01-01", communities: ["kurds", "druze"] }),
    ))!.id;
    expect(ids(await newsForCommunity(db, "kurds"))).toEqual(["a", old]);
    expect(await news().pin(SYSTEM, old, "kurds", true)).toEqual({ live: true });
    expect(ids(await newsForCommunity(db, "kurds"))).toEqual([old, "a"]);
    expect(ids(await newsForCommunity(db, "druze")).at(-1)).toBe(old); // not pinned there
    await news().save(SYSTEM, input({ title: "Old but important, edited", publishedDate: "2020-01-01", communities: ["kurds"] }), old);
    expect(ids(await newsForCommunity(db, "kurds"))[0]).toBe(old); // an edit keeps the pin
    expect(ids(await newsForCommunity(db, "druze"))).not.toContain(old);
  });

  it("keeps what an edition of the content read, and reads afresh for the edition a change makes", async () => {
    const { db } = handle();
    const news = newsServiceOn(db);
    const version = await readContentVersion(db);
    const before = ids(await news.reader(version).forCommunity("druze"));
    const added = (await news.save(SYSTEM, input({ title: "Fresh", publishedDate: "2026-11-01" })))!.id;
    // The edition the change was made under keeps showing what it showed: one answer, one edition.
    expect(ids(await news.reader(version).forCommunity("druze"))).toEqual(before);
    const next = await readContentVersion(db);
    expect(isNewer(next, version)).toBe(true);
    expect(ids(await news.reader(next).forCommunity("druze"))).toEqual([added, ...before].slice(0, 3));
  });
});

it("validates a news item: required fields, lengths, a real past date, web addresses only, a known community", () => {
  const errors = (fields: Record<string, unknown>) => {
    const r = validate(newsItemSchema(["druze"], "2026-11-22"), { ...input(), ...fields });
    return r.success ? {} : r.fieldErrors;
  };
  expect(errors({ title: " ", excerpt: "x".repeat(601), source: "y".repeat(101) })).toEqual({
    title: ["Title is required"],
    excerpt: ["Excerpt must be at most 600 characters"],
    source: ["Source must be at most 100 characters"],
  });
  expect(errors({ publishedDate: "2026-11-23" }).publishedDate).toEqual(["The publication date cannot be in the future"]);
  expect(errors({ publishedDate: "2026-02-30" }).publishedDate).toEqual(["Enter a real date, such as 2026-03-14"]);
  for (const bad of ["javascript:alert(1)", "data:text/html,hi", "/relative/path", "ftp://example.org/x", "example.org"]) {
    expect(errors({ originalUrl: bad }).originalUrl).toEqual(["Enter the article's full address, starting with https:// or http://"]);
  }
  expect(errors({ communities: [] }).communities).toEqual(["Choose at least one community"]);
  expect(errors({ communities: ["atlantis"] }).communities).toEqual(["Choose communities from the list"]);
  expect(input({ originalUrl: "https://example.org/a?id=7&utm_source=x&fbclid=y" }).originalUrl).toBe("https://example.org/a?id=7");
});

it("writes an Atom feed with the spec's required elements and no tracking parameters", () => {
  const now = new Date("2026-11-20T10:00:00Z");
  const xml = atomFeed({
    siteUrl: "https://alliance.example",
    organization: "Alliance",
    language: "en",
    copyright: "Summaries by the organisation.",
    title: "News about the Druze",
    feedPath: "/communities/druze/news.xml",
    pagePath: "/communities/druze/news",
    items: [
      {
        id: "x1",
        title: "A <b>title</b> & more",
        excerpt: "Excerpt",
        source: "Reuters",
        publishedDate: "2026-11-19",
        originalUrl: "https://example.org/story?utm_medium=feed&id=3",
        imageUrl: null,
        updatedAt: now,
      },
    ],
  });
  const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml);
  expect(feed.xmlns).toBe("http://www.w3.org/2005/Atom");
  // RFC 4287 §4.1.1: a feed has id, title and updated, and an author (here the feed's); §4.1.2: so has each entry.
  expect(feed).toMatchObject({ id: expect.stringMatching(/^tag:/), title: "News about the Druze", updated: now.toISOString() });
  expect(feed.author.name).toBe("Alliance");
  const links = [feed.link].flat();
  expect(links).toEqual(
    expect.arrayContaining([expect.objectContaining({ rel: "self", href: "https://alliance.example/communities/druze/news.xml" })]),
  );
  const entry = feed.entry;
  expect(entry).toMatchObject({
    id: "tag:alliance.example,2025:news:x1",
    updated: now.toISOString(),
    published: "2026-11-19T00:00:00.000Z",
  });
  // Marked as HTML by the library, so escaped: a reader shows the text as typed, never as markup.
  expect(entry.title).toEqual({ type: "html", "#text": "A &lt;b&gt;title&lt;/b&gt; &amp; more" });
  expect(entry.link.href).toBe("https://example.org/story?id=3");
  expect(xml).not.toMatch(/utm_/);
});
