/**
 * The translation editor's loader and action (issue 34), called as React Router calls them: what it offers,
 * a draft kept from visitors, a publication, a refusal at its field, and the outdated mark an English save
 * sets (or does not, when marked minor); a translation's history, a page's and a news item's, with its
 * authors, its reviewer, its comparison and its restore as a draft. The browser journey
 * (tests/e2e/staff/site.spec.ts) keeps what a visitor reads.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inLanguage } from "~/content/snapshot.server";
import { auditLog, staffUsers } from "../../../db/schema";
import { posted } from "../../../tests/helpers/editor-form";
import { ADMIN, ORIGIN, routeHarness, STAFF, type RouteHarness } from "../../../tests/helpers/routes";
import { actorOf } from "~/staff/session.server";
import { loader as communityFeed } from "../communities.$community.news[.]xml";
import { formOf } from "~/content/editing.server";
import { historyOf, translationEditorFor } from "~/content/editors";
import { loader as englishLoader, action as englishAction } from "./site-document";
import { action, loader } from "./site-translation";
import * as history from "./site-history";
import * as site from "./site";

type Loaded = Awaited<ReturnType<typeof loader>>;

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
});
afterAll(() => routes?.close());

const PATH = "communities/yazidis.md";
const ADDRESS = `/admin/site/translation/ar?path=${encodeURIComponent(PATH)}`;
const open = async () => (await routes.get<Loaded>(loader, ADDRESS, { language: "ar" })).data;
const yazidisIn = (language: "ar" | "en") =>
  inLanguage(routes.services.publisher.current(), language).communities.find((c) => c.slug === "yazidis")!;
const ARABIC_BODY = "## Under Attack\n\nنص عربي.\n\n## Culture\n\nثقافة.\n\n## History\n\nتاريخ.";
/** The English editor's form for the page, saved with one more sentence in its summary. */
async function saveEnglish(sentence: string, minor: boolean) {
  const stored = formOf(PATH, (await routes.services.app.contentStore.get(PATH))!);
  const changes = { description: `${stored.values.description} ${sentence}`, ...(minor ? { minor: "on" } : {}) };
  const params = { kind: "communities", slug: "yazidis" };
  const saved = await routes.post(englishAction, "/admin/site/pages/communities/yazidis", posted(PATH, stored, changes), params);
  expect(saved.status).toBe(302);
  return (await routes.get<Awaited<ReturnType<typeof englishLoader>>>(englishLoader, "/admin/site/pages/communities/yazidis", params)).data;
}

describe("the translation editor", () => {
  it("offers each word field beside its English, without the sources, the focal point or the photograph", async () => {
    const page = await open();
    expect(page.language).toMatchObject({ code: "ar", dir: "rtl", englishName: "Arabic" });
    const names = page.parts.fields.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(["name", "adjective", "description", "image.alt", "image.credit"]));
    expect(names).not.toContain("image.position");
    expect(names).not.toContain("image.upload");
    expect(page.parts.lists).toEqual([]);
    expect(page.parts.body).toBe(true);
    expect(page.english.values.name).toBe("Yazidis");
    expect(page.state).toMatchObject({ begun: false, published: false });
  });

  it("answers 404 for English, an unknown language or a document without words", async () => {
    for (const [language, path] of [
      ["en", PATH],
      ["de", PATH],
      ["ar", "news.yaml"],
      ["ar", "communities/nobody.md"],
    ] as const)
      expect((await routes.get(loader, `/admin/site/translation/${language}?path=${path}`, { language })).status).toBe(404);
  });

  it("keeps a draft from visitors, publishes it, and refuses a text that breaks the page's rules at its field, keeping it", async () => {
    const draft = await routes.post(
      action,
      ADDRESS,
      { revision: "0", name: "الإيزيديون", body: ARABIC_BODY, intent: "save" },
      { language: "ar" },
    );
    expect(draft).toMatchObject({ status: 302, location: expect.stringContaining("saved=1") });
    expect(yazidisIn("ar").name).toBe("Yazidis");

    const refused = await routes.post<{ errors: Record<string, string[]>; text: { body: string } }>(
      action,
      ADDRESS,
      { revision: "1", name: "الإيزيديون", body: "نص بلا أقسام", intent: "publish" },
      { language: "ar" },
    );
    expect(refused.status).toBe(400);
    expect(refused.data.errors.body?.[0]).toMatch(/section heading/);
    expect(refused.data.text.body).toBe("نص بلا أقسام");

    const published = await routes.post(
      action,
      ADDRESS,
      { revision: "1", name: "الإيزيديون", body: ARABIC_BODY, intent: "publish" },
      { language: "ar" },
    );
    expect(published).toMatchObject({ status: 302, location: expect.stringContaining("published=1") });
    expect(yazidisIn("ar")).toMatchObject({ name: "الإيزيديون", adjective: "Yazidi" });
    expect(yazidisIn("ar").underAttackHtml).toContain("نص عربي");
    expect(yazidisIn("en").name).toBe("Yazidis");
    expect((await open()).state).toMatchObject({ begun: true, published: true, outdated: false, publishedOutdated: false });
    expect(inLanguage(routes.services.publisher.current(), "ar").translations[PATH]?.outdated).toBe(false);
  });

  it("is marked outdated by an English change in meaning, not by a minor one, in the English editor too", async () => {
    const afterMinor = await saveEnglish("A typo fixed.", true);
    expect(afterMinor.translations?.find((t) => t.code === "ar")).toMatchObject({ status: "Published", outdated: false });

    const afterChange = await saveEnglish("A new fact.", false);
    expect(afterChange.translations?.find((t) => t.code === "ar")).toMatchObject({ status: "Published, outdated", outdated: true });
    expect(inLanguage(routes.services.publisher.current(), "ar").translations[PATH]?.outdated).toBe(true);
    expect((await open()).state.englishChanges).toMatch(/from=\d+&to=\d+|to=\d+/);
    expect(await needs("ar")).toMatchObject({ outdated: ["Yazidis"], awaiting: [] });

    // Its translator confirms it matches today's English and publishes it: current again.
    const revision = String((await open()).revision);
    await routes.post(
      action,
      ADDRESS,
      { revision, name: "الإيزيديون", body: ARABIC_BODY, matchesEnglish: "on", intent: "publish" },
      { language: "ar" },
    );
    expect(inLanguage(routes.services.publisher.current(), "ar").translations[PATH]?.outdated).toBe(false);

    // "What the site still needs", per language: Arabic has it; Persian does not, and a draft awaits review.
    expect(await needs("ar")).toMatchObject({ outdated: [], awaiting: [] });
    expect((await needs("ar")).missing).not.toContain("Yazidis");
    expect((await needs("fa")).missing).toContain("Yazidis");
    await routes.post(action, ADDRESS.replace("/ar?", "/fa?"), { revision: "0", name: "ایزدیان", intent: "save" }, { language: "fa" });
    expect(await needs("fa")).toMatchObject({ awaiting: ["Yazidis"] });
    expect((await needs("fa")).missing).not.toContain("Yazidis");
  });
});

describe("a page translation's history", () => {
  it("restores an earlier revision as a draft, leaving the published one to visitors", async () => {
    const before = await routes.services.app.translationStore.state(PATH, "ar");
    expect(before.draft!.revision).toBeGreaterThan(1);
    const restored = await routes.post(history.action, "/admin/site/history", {
      path: PATH,
      language: "ar",
      revision: "1",
      current: String(before.draft!.revision),
    });
    expect(restored).toMatchObject({ status: 302, location: `${historyOf(PATH, undefined, "ar")}&restored=1` });
    const after = await routes.services.app.translationStore.state(PATH, "ar");
    expect(after).toMatchObject({ draft: { revision: before.draft!.revision + 1 }, publishedRevision: before.publishedRevision });
  });
});

/** The titles "What the site still needs" lists for a language: outdated, awaiting review, not translated. */
async function needs(language: string) {
  const { data } = await routes.get<Awaited<ReturnType<typeof site.loader>>>(site.loader, "/admin/site");
  const lists = data.translations.find((l) => l.code === language)!.lists.map((l) => l.items.map((d) => d.title));
  return { outdated: lists[0], awaiting: lists[1], missing: lists[2] };
}

describe("a news item's translation", () => {
  const reader = (language: "ar" | "en") => routes.services.app.news.reader(routes.services.publisher.current().version, language);
  const newsAddress = (id: string) => `/admin/site/translation/ar?path=news/${id}`;

  it("is its title and excerpt beside the English, read in Arabic on Arabic pages, feeds and search, and marked outdated by a change in meaning", async () => {
    const [item] = await routes.services.app.news.list({ community: "yazidis" });
    const id = item!.id;
    const page = (await routes.get<Loaded>(loader, newsAddress(id), { language: "ar" })).data;
    expect(page.parts.fields.map((f) => f.name)).toEqual(["title", "excerpt"]);
    expect(page.english.values.title).toBe(item!.title);

    const arabic = "نجاة ناجية إيزيدية";
    const published = await routes.post(action, newsAddress(id), { revision: "0", title: arabic, intent: "publish" }, { language: "ar" });
    expect(published).toMatchObject({ status: 302, location: expect.stringContaining("published=1") });
    const inArabic = (await reader("ar").forCommunity("yazidis")).find((n) => n.id === id);
    expect(inArabic).toMatchObject({ title: arabic, excerpt: item!.excerpt, language: "ar" });
    expect((await reader("en").forCommunity("yazidis")).find((n) => n.id === id)).toMatchObject({ title: item!.title, language: "en" });
    const feed = String((await routes.get(communityFeed, "/ar/communities/yazidis/news.xml", { community: "yazidis" }, null)).data);
    expect(feed).toContain(arabic);
    expect(feed).toContain('xml:lang="ar"');
    expect(feed).toContain(`${ORIGIN}/ar/communities/yazidis/news`);
    const found = await routes.services.app.search.search({ q: "ناجيه", kind: null, community: null, page: 1, language: "ar" }, null);
    expect(found.ok && found.answer.results[0]).toMatchObject({ key: `news:${id}`, language: "ar" });

    const { id: _, pinnedIn: __, updatedAt: ___, ...input } = (await routes.services.app.news.get(id))!;
    await routes.services.app.news.save(actorOf(ADMIN), { ...input, excerpt: `${input.excerpt} A typo fixed.` }, id, true);
    expect((await routes.services.app.translationStore.state(`news/${id}`, "ar")).outdated).toBe(false);
    await routes.services.app.news.save(actorOf(ADMIN), { ...input, title: `${input.title}: updated` }, id);
    expect((await routes.services.app.translationStore.state(`news/${id}`, "ar")).outdated).toBe(true);
    expect(await needs("ar")).toMatchObject({ outdated: expect.arrayContaining([`News: ${input.title}: updated`]) });

    // Deleted, it is gone in every language, its translations and their history with it.
    expect((await routes.get(history.loader, `/admin/site/history?path=news/${id}&language=ar`)).status).toBe(200);
    await routes.services.app.news.remove(actorOf(ADMIN), id);
    expect((await routes.services.app.translationStore.state(`news/${id}`, "ar")).draft).toBeNull();
    expect(await routes.services.app.translationStore.overview(`news/${id}`)).toEqual([]);
    for (const language of ["ar", "en"]) expect(await routes.services.app.contentStore.history(`news/${id}`, language)).toEqual([]);
    expect((await routes.get(history.loader, `/admin/site/history?path=news/${id}&language=ar`)).status).toBe(404);
  });
});

describe("a news item's translation's history", () => {
  type History = Awaited<ReturnType<typeof history.loader>>;
  const ID = "rudaw-2025-amnesty-suwayda-druze-executions";
  const PATH = `news/${ID}`;
  const EDITOR = translationEditorFor(PATH, "ar");
  const HISTORY = historyOf(PATH, undefined, "ar");
  const FIRST = "إعدامات في السويداء";
  const SECOND = "منظمة العفو: إعدامات ميدانية في السويداء";
  const restore = (revision: number, current: number, user = STAFF) =>
    routes.post<{ error: string }>(
      history.action,
      "/admin/site/history",
      { path: PATH, language: "ar", revision: String(revision), current: String(current) },
      {},
      user,
    );

  beforeAll(async () => {
    await routes.services.database.db.insert(staffUsers).values([
      { id: STAFF.id, email: STAFF.email, name: "Layla Translator", role: "staff" },
      { id: ADMIN.id, email: ADMIN.email, name: "Omar Reviewer", role: "admin" },
    ]);
  });

  it("lists each revision with who saved it, who reviewed the one published, and compares them line by line", async () => {
    // A staff member drafts it; an administrator corrects the title and publishes it.
    const draft = await routes.post(action, EDITOR, { revision: "0", title: FIRST, intent: "save" }, { language: "ar" }, STAFF);
    expect(draft.status).toBe(302);
    const published = await routes.post(action, EDITOR, { revision: "1", title: SECOND, intent: "publish" }, { language: "ar" }, ADMIN);
    expect(published).toMatchObject({ status: 302, location: expect.stringContaining("published=1") });

    const { status, data } = await routes.get<History>(history.loader, HISTORY, {}, STAFF);
    expect(status).toBe(200);
    expect(data.revisions.map((r) => [r.revision, r.savedBy])).toEqual([
      [2, "Omar Reviewer"],
      [1, "Layla Translator"],
    ]);
    expect(data.translation).toMatchObject({
      code: "ar",
      name: "Arabic",
      of: expect.stringContaining("Suwayda"),
      review: { revision: 2, reviewedBy: "Omar Reviewer" },
    });
    expect(data.editor).toBe(EDITOR);
    expect(data.restorable).toBe(true);
    // The newest against the one before it: the title's line, removed and added.
    expect([data.from, data.to]).toEqual([1, 2]);
    const changed = data.diff.filter((l) => l.kind === "added" || l.kind === "removed");
    expect(changed).toEqual([
      { kind: "removed", text: expect.stringContaining(FIRST) },
      { kind: "added", text: expect.stringContaining(SECOND) },
    ]);
  });

  it("restores an earlier revision as a new draft, audited, and refuses one started from an older revision", async () => {
    const stale = await restore(1, 1);
    expect(stale).toMatchObject({ status: 409, data: { error: expect.stringContaining("meanwhile") } });

    const restored = await restore(1, 2);
    expect(restored).toMatchObject({ status: 302, location: `${HISTORY}&restored=1` });
    const state = await routes.services.app.translationStore.state(PATH, "ar");
    expect(state.draft).toMatchObject({ revision: 3, source: expect.stringContaining(FIRST) });
    // A draft: visitors still read the revision published.
    expect(state.publishedRevision).toBe(2);
    const reader = routes.services.app.news.reader(routes.services.publisher.current().version, "ar");
    expect((await reader.forCommunity("druze")).find((n) => n.id === ID)?.title).toBe(SECOND);
    const [entry] = await routes.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "translation-restored"), eq(auditLog.target, `content:${PATH}`)));
    expect(entry).toMatchObject({ actorId: STAFF.id, details: { language: "ar", revision: 3, restored: 1 } });

    const { data } = await routes.get<History>(history.loader, HISTORY);
    expect(data.revisions.map((r) => [r.revision, r.savedBy])).toEqual([
      [3, "Layla Translator"],
      [2, "Omar Reviewer"],
      [1, "Layla Translator"],
    ]);
    expect(await restore(7, 3)).toMatchObject({ status: 409, data: { error: "There is no such revision." } });
  });

  it("answers 404 for a news item's English, an item that does not exist and a path that is no news item", async () => {
    for (const query of [
      `path=${PATH}`,
      `path=${PATH}&language=en`,
      "path=news/nothing-here&language=ar",
      "path=news/../site.yaml&language=ar",
    ])
      expect((await routes.get(history.loader, `/admin/site/history?${query}`)).status).toBe(404);
    expect((await routes.post(history.action, "/admin/site/history", { path: PATH, revision: "1", current: "3" })).status).toBe(404);
  });
});
