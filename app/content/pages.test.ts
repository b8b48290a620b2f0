import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { auditLog } from "../../db/schema";
import { contentFiles, siteContentFrom } from "./content.server";
import { documentHistory, lineDiff, restoreRevision } from "./history.server";
import { kindOf } from "./document-kinds.server";
import { formOf, readForm, removeDocument, saveDocument } from "./editing.server";
import type { EditorValues } from "./editor-shape";
import { addPerson, movePerson, removedPeople } from "./boards.server";
import type { ContentStore } from "./store.server";
import { seededContentStore } from "../../tests/helpers/content-store";
import { posted } from "../../tests/helpers/editor-form";

const EDITOR = { id: "staff-1", email: "editor@example.org" };
const PATH = "communities/yazidis.md";

describe("the page editor", () => {
  let handle: DatabaseHandle;
  let store: ContentStore;
  const current = async () => formOf(PATH, (await store.get(PATH))!);
  const community = async () => siteContentFrom(await store.documents()).communities.find((c) => c.slug === "yazidis")!;
  const save = (form: EditorValues, intent: "save" | "preview" | "edit" = "save") =>
    saveDocument(store, handle.db, EDITOR, PATH, form, intent);

  beforeAll(async () => {
    ({ handle: handle, store } = await seededContentStore());
  });
  afterAll(() => handle.close());

  it("saves every page, article and the partners untouched without changing what visitors see", async () => {
    const before = siteContentFrom(await store.documents());
    const paths = Object.keys(await store.documents()).filter((path) => kindOf(path) && !/^(site\.yaml|team\/)/.test(path));
    expect(paths).toHaveLength(22 + 10 + 4 + 1);
    for (const path of paths) {
      const form = readForm(path, posted(path, formOf(path, (await store.get(path))!)));
      expect([path, await saveDocument(store, handle.db, EDITOR, path, form, "save")]).toEqual([
        path,
        { kind: "saved", revision: 2, live: true },
      ]);
    }
    expect(siteContentFrom(await store.documents())).toEqual(before);
    // Nothing changed, so nothing was rewritten: each document is still its file, byte for byte.
    for (const path of paths) expect((await store.get(path))!.source).toBe(contentFiles[path]);
  });

  it("removes, adds and reorders sources and rewrites the body, as a browser without JavaScript posts them", async () => {
    const form = await current();
    const [first, second] = form.lists.sources!;
    // Move the second source up, remove the (now second) first one, add one in the blank row.
    const moved = readForm(PATH, posted(PATH, form, { intent: "move:sources:1:up" }));
    expect(moved.lists.sources!.slice(0, 2)).toEqual([second, first]);
    const n = form.lists.sources!.length;
    const edited = readForm(
      PATH,
      posted(
        PATH,
        { ...moved, body: moved.body.replace(/^## Under Attack\n/m, "## Under Attack\n\nA sentence the editor added.\n") },
        {
          "sources.1.remove": "on",
          [`sources.${n}.url`]:
            "https://www.ohchr.org/en/press-releases/2016/06/un-commission-inquiry-syria-isis-committing-genocide-against-yazidis",
          [`sources.${n}.title`]: "UN Commission of Inquiry on Syria: ISIS is committing genocide against the Yazidis",
          [`sources.${n}.publisher`]: "OHCHR",
          [`sources.${n}.date`]: "2016-06-16",
        },
      ),
    );
    expect(await save(edited)).toMatchObject({ kind: "saved" });
    const page = await community();
    expect(page.sources.map((s) => s.url)).toEqual([
      second!.url,
      ...form.lists.sources!.slice(2).map((s) => s.url),
      expect.stringContaining("ohchr.org"),
    ]);
    expect(page.underAttackHtml).toContain("<p>A sentence the editor added.</p>");
  });

  it("refuses what the rules refuse, field by field, and keeps what was typed", async () => {
    const form = await current();
    const bad = readForm(
      PATH,
      posted(PATH, { ...form, values: { ...form.values, name: "" } }, { "sources.0.url": "http://insecure.example.org/page" }),
    );
    const result = await save(bad);
    expect(result).toEqual({
      kind: "invalid",
      errors: { name: ["Fill this in"], "sources.0.url": ["Enter a web address starting with https://"] },
    });
    const noSections = await save({ ...form, body: "Only a paragraph, no sections." });
    expect(noSections).toMatchObject({ kind: "invalid", errors: { body: [expect.stringContaining("## Under Attack")] } });
    expect((await current()).revision).toBe(form.revision);
  });

  it("refuses a home card linking off the site, at the card's field, in staff's words", async () => {
    const home = "pages/home.md";
    const form = formOf(home, (await store.get(home))!);
    const offSite = readForm(home, posted(home, form, { "cards.1.href": "//evil.example" }));
    expect(await saveDocument(store, handle.db, EDITOR, home, offSite, "save")).toEqual({
      kind: "invalid",
      errors: { "cards.1.href": ["Enter a page of this site starting with one /, such as /communities"] },
    });
  });

  it("refuses an article's video id and post addresses not in their network's form, each at its field", async () => {
    const errorsOf = async (path: string, extra: Record<string, string>) => {
      const form = formOf(path, (await store.get(path))!);
      const result = await saveDocument(store, handle.db, EDITOR, path, readForm(path, posted(path, form, extra)), "save");
      return result.kind === "invalid" ? result.errors : result;
    };
    expect(
      await errorsOf("ideology/mass-displacement-ethnic-cleansing.md", {
        "video.id": "https://youtu.be/x",
        "perspectives.0.url": "https://www.tiktok.com/@amnesty",
      }),
    ).toEqual({
      "video.id": ["Enter the video's 11-character id, as in youtube.com/watch?v=<id>"],
      "perspectives.0.url": ["Enter the address of a TikTok video, such as https://www.tiktok.com/@account/video/1234567890"],
    });
    expect(await errorsOf("ideology/dehumanizing-propaganda.md", { "tweet.url": "https://x.com/UN_News" })).toEqual({
      "tweet.url": ["Enter the address of a post on X, such as https://x.com/account/status/1234567890"],
    });
    // A focal point's pattern speaks staff's words too.
    expect(await errorsOf(PATH, { "image.position": "middle" })).toEqual({
      "image.position": ["Enter the focal point as two percentages, such as 50% 40%"],
    });
  });

  it("shows hostile text inert in the preview: no script, handler, javascript: or data: link, frame, style or SVG", async () => {
    const form = await current();
    const payload = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "[click](javascript:alert(1))",
      "[data](data:text/html;base64,PHNjcmlwdD4=)",
      '<iframe src="https://evil.example"></iframe>',
      "<style>body{display:none}</style>",
      '<svg onload="alert(1)"><script>alert(1)</script></svg>',
    ].join("\n\n");
    const result = await save({ ...form, body: form.body.replace(/^## Under Attack\n/m, `## Under Attack\n\n${payload}\n`) }, "preview");
    if (result.kind !== "preview") throw new Error(`expected a preview, got ${result.kind}`);
    const html = result.preview.sections.map((s) => s.html).join("\n");
    expect(html).not.toMatch(/<(script|iframe|style|svg|img)\b/i);
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
    expect(html).toContain("<a>click</a>");
  });

  it("refuses the second of two editors who started from the same revision, naming what the first changed", async () => {
    const form = await current();
    expect(await save({ ...form, values: { ...form.values, subtitle: "First editor's subtitle" } })).toMatchObject({ kind: "saved" });
    const second = await save({ ...form, body: `${form.body}\n\nSecond editor's paragraph.` });
    expect(second).toEqual({ kind: "conflict", changed: ["Subtitle"], revision: form.revision + 1, from: form.revision });
    expect((await community()).subtitle).toBe("First editor's subtitle");
  });

  it("moves a row only when asked, and saves nothing for it", async () => {
    const form = await current();
    expect(await save(readForm(PATH, posted(PATH, form, { intent: "move:sources:0:down" })), "edit")).toEqual({
      kind: "edited",
    });
    expect((await current()).revision).toBe(form.revision);
  });

  it("keeps every revision, compares two and restores one as a new revision, in the audit log", async () => {
    const { summaries, sources } = await documentHistory(store, handle.db, PATH);
    const latest = summaries[0]!.revision;
    expect(summaries.map((s) => s.revision)).toEqual([...Array(latest).keys()].map((i) => latest - i));
    expect(summaries.at(-1)).toMatchObject({ revision: 1, savedBy: null });
    const diff = lineDiff(PATH, sources.get(1)!, sources.get(latest)!);
    expect(diff).toContainEqual({ kind: "added", text: "A sentence the editor added." });
    // Only what the editor changed: the sentence and a blank line, a source moved, one removed and one added.
    expect(diff.filter((l) => l.kind === "added" || l.kind === "removed").length).toBeLessThan(25);
    expect(diff.some((l) => l.kind === "skipped")).toBe(true);

    expect(await restoreRevision(store, handle.db, EDITOR, PATH, 1, latest - 1)).toEqual({ error: expect.stringContaining("meanwhile") });
    expect(await restoreRevision(store, handle.db, EDITOR, PATH, 1, latest)).toEqual({ restored: latest + 1, live: true });
    expect(await store.get(PATH)).toEqual({ source: contentFiles[PATH], revision: latest + 1 });
    const entries = await handle.db.select().from(auditLog);
    expect(entries.filter((e) => e.target === `content:${PATH}`).map((e) => e.action)).toContain("content-restored");
  });

  it("adds a partner with an id made from its name, removes one, and keeps a fixed list's length", async () => {
    const partners = "partners.yaml";
    const form = formOf(partners, (await store.get(partners))!);
    const n = form.lists.partners!.length;
    const edited = readForm(
      partners,
      posted(partners, form, {
        "partners.0.remove": "on",
        [`partners.${n}.name`]: "Ezidi Heritage Fund",
        [`partners.${n}.description`]: "Records oral hymns.",
        [`partners.${n}.website`]: "https://heritage.example.org",
      }),
    );
    expect(await saveDocument(store, handle.db, EDITOR, partners, edited, "save")).toMatchObject({ kind: "saved" });
    const site = siteContentFrom(await store.documents());
    expect(site.partners.map((p) => p.id)).toEqual([...form.lists.partners!.slice(1).map((p) => p.id), "ezidi-heritage-fund"]);
    expect(site.partners.at(-1)).toMatchObject({ name: "Ezidi Heritage Fund", placeholder: false });

    const home = "pages/home.md";
    const homeForm = formOf(home, (await store.get(home))!);
    const reordered = readForm(home, posted(home, homeForm, { "cards.0.remove": "on", intent: "move:cards:0:down" }));
    // A fixed list has no removal: the card only moved.
    expect(reordered.lists.cards!.map((c) => c.title)).toEqual([
      homeForm.lists.cards![1]!.title,
      homeForm.lists.cards![0]!.title,
      homeForm.lists.cards![2]!.title,
    ]);
  });

  it("adds a person at the end of a board, removes them, refuses to remove an officer's record, and restores from history", async () => {
    const directors = async () => siteContentFrom(await store.documents()).directors;
    const before = await directors();
    const person = { name: "Nadia Example-Haddad", title: "Director", biography: "A human-rights lawyer." };
    expect(await addPerson(store, handle.db, EDITOR, "directors", { ...person, biography: "" })).toEqual({
      kind: "invalid",
      errors: { biography: [expect.any(String)] },
    });
    expect(await addPerson(store, handle.db, EDITOR, "directors", person)).toEqual({
      kind: "added",
      id: "nadia-example-haddad",
      live: true,
    });
    const added = (await directors()).at(-1)!;
    expect(added).toMatchObject({
      id: "nadia-example-haddad",
      name: person.name,
      listed: true,
      order: Math.max(...before.map((d) => d.order)) + 1,
    });

    const path = "team/directors/nadia-example-haddad.md";
    expect(await removeDocument(store, handle.db, EDITOR, path, 1)).toEqual({ removed: true, live: true });
    expect((await directors()).map((d) => d.id)).not.toContain(added.id);
    // Listed with the name they had, for their history.
    expect(await removedPeople(store, "directors")).toEqual([{ path, name: person.name }]);
    // The same name again gets an id of its own: the removed person's history stays theirs.
    expect(await addPerson(store, handle.db, EDITOR, "directors", person)).toEqual({
      kind: "added",
      id: "nadia-example-haddad-2",
      live: true,
    });
    expect(await restoreRevision(store, handle.db, EDITOR, path, 1, 2)).toEqual({ restored: 3, live: true });
    expect((await directors()).map((d) => d.id)).toEqual(expect.arrayContaining(["nadia-example-haddad", "nadia-example-haddad-2"]));
    expect(await removedPeople(store, "directors")).toEqual([]);

    const officer = before.find((d) => !d.listed)!;
    const officerRevision = (await store.get(`team/directors/${officer.id}.md`))!.revision;
    expect(await removeDocument(store, handle.db, EDITOR, `team/directors/${officer.id}.md`, officerRevision)).toEqual({
      error: expect.stringContaining(`officer record '${officer.title}'`),
    });
  });

  it("moves a person one place up or down the grid: both saved together as revisions, audited; numbered afresh where two shared a number", async () => {
    const path = (id: string) => `team/advisors/${id}.md`;
    const grid = async () =>
      siteContentFrom(await store.documents())
        .advisors.filter((m) => m.listed)
        .map((m) => m.id);
    const before = await grid();
    const [first, second] = before as [string, string];
    const move = (id: string, direction: "up" | "down") => movePerson(store, handle.db, EDITOR, { board: "advisors", id }, direction);
    expect(await move(first, "up")).toEqual({ error: expect.stringContaining("already at that end") });
    const revisions = await Promise.all([first, second].map(async (id) => (await store.get(path(id)))!.revision));

    expect(await move(second, "up")).toEqual({ moved: true, name: expect.any(String), live: true });
    expect(await grid()).toEqual([second, first, ...before.slice(2)]);
    expect(await Promise.all([first, second].map(async (id) => (await store.get(path(id)))!.revision))).toEqual(
      revisions.map((r) => r + 1),
    );
    const audited = (await handle.db.select().from(auditLog)).filter((e) => (e.details as { moved?: string } | null)?.moved === "up");
    expect(audited.map((e) => e.target).sort()).toEqual([`content:${path(first)}`, `content:${path(second)}`].sort());
    expect(await move(second, "down")).toMatchObject({ moved: true });
    expect(await grid()).toEqual(before);

    // Two people given the same number: a move numbers the grid 1, 2, 3… in its new order.
    const [, , third, fourth] = before as string[];
    const stored = (await store.get(path(third!)))!;
    const fourthOrder = siteContentFrom(await store.documents()).advisors.find((m) => m.id === fourth)!.order;
    const tied = stored.source.replace(/^order: .*$/m, `order: ${fourthOrder}`);
    expect(await store.save({ path: path(third!), revision: stored.revision, source: tied, savedBy: EDITOR.id })).toHaveProperty(
      "revision",
    );
    const tiedGrid = await grid();
    expect(await move(tiedGrid[3]!, "up")).toMatchObject({ moved: true });
    const advisors = siteContentFrom(await store.documents()).advisors.filter((m) => m.listed);
    expect(advisors.map((m) => m.id)).toEqual([...tiedGrid.slice(0, 2), tiedGrid[3], tiedGrid[2], ...tiedGrid.slice(4)]);
    expect(advisors.map((m) => m.order)).toEqual(advisors.map((_, i) => i + 1));
  });
});
