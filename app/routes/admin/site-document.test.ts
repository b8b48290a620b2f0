/**
 * The Site editor's loader and action, called with a Request as React Router calls them (issue 31): what each
 * kind of document shows, every refusal (a field, a rule of the whole site, a photograph, a conflict), what a
 * save does to the edition visitors see, and a save whose publishing failed. The browser tests keep what needs
 * a browser: the forms posted without script, focus, and how the pages look.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formOf } from "~/content/editing.server";
import type { EditorValues } from "~/content/editor-shape";
import type { EditorResult } from "~/content/editing.server";
import { posted } from "../../../tests/helpers/editor-form";
import { routeHarness, STAFF, type RouteHarness } from "../../../tests/helpers/routes";
import { action, loader } from "./site-document";

type Loaded = Awaited<ReturnType<typeof loader>>;
type Answered = EditorResult & { form: EditorValues; previews: Record<string, unknown> };

let routes: RouteHarness;
beforeAll(async () => {
  routes = await routeHarness();
});
afterAll(() => routes?.close());

/** An editor: its address, the document it edits, and the address's parameters. */
interface Editor {
  address: string;
  path: string;
  params: Record<string, string>;
}

const SETTINGS: Editor = { address: "/admin/site/settings", path: "site.yaml", params: { document: "settings" } };
const page = (kind: string, slug: string): Editor => ({
  address: `/admin/site/pages/${kind}/${slug}`,
  path: `${kind}/${slug}.md`,
  params: { kind, slug },
});
const person = (board: string, id: string): Editor => ({
  address: `/admin/site/people/${board}/${id}`,
  path: `team/${board}/${id}.md`,
  params: { board, id },
});

const open = async (editor: Editor) => (await routes.get<Loaded>(loader, editor.address, editor.params)).data;
const stored = async (editor: Editor) => formOf(editor.path, (await routes.services.app.contentStore.get(editor.path))!);
/** The editor's form as the page shows it, with `changes` typed in, posted as the browser posts it. */
const send = async (editor: Editor, changes: Record<string, string>, start?: EditorValues) =>
  routes.post<Answered>(action, editor.address, posted(editor.path, start ?? (await stored(editor)), changes), editor.params);
const served = () => routes.services.publisher.current();

describe("the Site editor's page", () => {
  it("shows each kind of document with its fields read from its schema", async () => {
    const settings = await open(SETTINGS);
    expect(settings.title).toBe("Settings");
    expect(settings.shape.groups.map((g) => g.legend)).toEqual([
      "Organisation",
      "Contact email",
      "Social media links",
      "Donations",
      "Home page video",
      "Card shown when a page is shared",
    ]);
    // The five links, each named by its network.
    expect(settings.form.lists["social.links"]!.map((l) => l.name)).toEqual(["X", "Instagram", "TikTok", "YouTube", "Facebook"]);
    expect(settings.preview).toBe("The card shown when a page is shared");

    const community = await open(page("communities", "yazidis"));
    expect(community).toMatchObject({ title: "Yazidis", visitorPath: "/communities/yazidis", back: { label: "Pages" } });
    expect(community.shape.lists.map((l) => l.legend)).toEqual(["Sources"]);
    expect(community.shape.body?.label).toBe("Text of the page");

    const advisor = await open(person("advisors", "esther-example"));
    expect(advisor).toMatchObject({ visitorPath: "/team/advisor/esther-example", removable: true, back: { label: "Boards" } });
    expect(advisor.shape.groups[0]!.fields.find((f) => f.name === "title")?.options).toContain("Advisor");
  });

  it("answers 404 for an address that names no document", async () => {
    for (const [address, params] of [
      ["/admin/site/anything", { document: "anything" }],
      ["/admin/site/constructor", { document: "constructor" }],
      ["/admin/site/pages/pages/nothing", { kind: "pages", slug: "nothing" }],
      ["/admin/site/pages/team/directors", { kind: "team", slug: "directors" }],
      ["/admin/site/people/others/someone", { board: "others", id: "someone" }],
      ["/admin/site/people/directors/nobody", { board: "directors", id: "nobody" }],
    ] as const)
      expect((await routes.get(loader, address, params)).status, address).toBe(404);
  });
});

describe("a save", () => {
  it("is live on redirect: the edition visitors get has it", async () => {
    const answer = await send(SETTINGS, { "homeVideo.title": "Three minutes with the survivors" });
    expect(answer).toMatchObject({ status: 302, location: "/admin/site/settings?saved=1" });
    expect(served().site.homeVideo.title).toBe("Three minutes with the survivors");
  });

  it("refuses an address without https, one on the wrong network, a bad email and a bad video id, each at its field, keeping what was typed", async () => {
    const before = await stored(SETTINGS);
    const answer = await send(SETTINGS, {
      "email.address": "not an address",
      "social.links.1.url": "http://www.instagram.com/alliance",
      "social.links.4.url": "https://evil.example/alliance",
      "homeVideo.id": "abc",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      kind: "invalid",
      errors: {
        "email.address": ["Enter an email address such as info@example.org"],
        "social.links.1.url": ["Enter a web address starting with https://"],
        "social.links.4.url": ["Enter an address on facebook.com"],
        "homeVideo.id": ["Enter the video's 11-character id, as in youtube.com/watch?v=<id>"],
      },
    });
    expect(answer.data.form.lists["social.links"]![4]!.url).toBe("https://evil.example/alliance");
    expect((await stored(SETTINGS)).revision).toBe(before.revision);
  });

  it("refuses a page's empty title and an address in clear, keeping the rest as typed", async () => {
    const article = page("ideology", "kidnapping");
    const answer = await send(article, { title: "", "sources.0.url": "http://insecure.example.org/" });
    expect(answer.data).toMatchObject({
      kind: "invalid",
      errors: { title: ["Fill this in"], "sources.0.url": ["Enter a web address starting with https://"] },
    });
    expect(answer.data.form.lists.sources![0]!.url).toBe("http://insecure.example.org/");
  });

  it("explains a rule about the whole board, and saves nothing", async () => {
    const advisor = person("advisors", "esther-example");
    const answer = await send(advisor, { title: "Director" });
    expect(answer).toMatchObject({ status: 400, data: { kind: "invalid", errors: { form: ["every advisor is titled Advisor"] } } });
    expect(served().advisors.find((m) => m.id === "esther-example")!.title).toBe("Advisor");
  });

  it("refuses the second of two editors with what the first changed, and keeps the second's text", async () => {
    const community = page("communities", "samaritans");
    const start = await stored(community);
    expect((await send(community, { description: "The first editor's summary." }, start)).status).toBe(302);
    const second = await send(community, { body: `${start.body}\n\nThe second editor's paragraph.` }, start);
    expect(second).toMatchObject({
      status: 409,
      data: { kind: "conflict", changed: ["Summary"], from: start.revision, revision: start.revision + 1 },
    });
    expect(second.data.form.body).toContain("The second editor's paragraph.");
    // Saved again from the stored revision, the second editor's text is kept.
    const again = await send(
      community,
      { revision: String(start.revision + 1), body: `${start.body}\n\nThe second editor's paragraph.` },
      start,
    );
    expect(again.status).toBe(302);
    expect(
      served().communities.find((c) => c.slug === "samaritans")!.underAttackHtml +
        served().communities.find((c) => c.slug === "samaritans")!.historyHtml,
    ).toContain("The second editor's paragraph.");
  });

  it("previews without saving, and moves a row without saving", async () => {
    const community = page("communities", "druze");
    const before = await stored(community);
    const preview = await send(community, {
      intent: "preview",
      body: before.body.replace(/^## Under Attack\n/m, "## Under Attack\n\nA previewed sentence.\n"),
    });
    expect(preview.data).toMatchObject({
      kind: "preview",
      preview: { sections: expect.arrayContaining([expect.objectContaining({ heading: "Under Attack" })]) },
    });
    expect(JSON.stringify(preview.data)).toContain("A previewed sentence.");
    const moved = await send(community, { intent: "move:sources:0:down" });
    expect(moved.data).toMatchObject({ kind: "edited" });
    expect(moved.data.form.lists.sources![1]).toEqual(before.lists.sources![0]);
    expect((await stored(community)).revision).toBe(before.revision);
  });

  it("refuses a photograph by its bytes and checks the rest of the form too, in every editor alike", async () => {
    const pdf = new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "card.jpg", { type: "image/jpeg" });
    for (const [editor, field, also] of [
      [SETTINGS, "socialImage.upload", { "email.address": "not an address" }],
      [page("communities", "copts"), "image.upload", { name: "" }],
      [person("directors", "amira-placeholder"), "portrait.upload", { name: "" }],
    ] as const) {
      const form = posted(editor.path, await stored(editor), also);
      form.set(`${field}.file`, pdf);
      const answer = await routes.post<Answered>(action, editor.address, form, editor.params);
      expect(answer.status, editor.path).toBe(400);
      const errors = (answer.data as { errors: Record<string, string[]> }).errors;
      expect(errors[field]?.[0], editor.path).toMatch(/a PDF file/);
      expect(Object.keys(errors), editor.path).toHaveLength(2);
    }
  });

  it("says so when it is saved but not live, and shows once publishing is back", async () => {
    const { db } = routes.services.database;
    await db.execute(sql`alter table search_documents rename to search_documents_away`);
    try {
      const answer = await send(SETTINGS, { "organization.shortName": "Common Bond (saved while search was away)" });
      expect(answer).toMatchObject({ status: 302, location: "/admin/site/settings?saved=1&live=no" });
      expect(served().site.organization.shortName).not.toBe("Common Bond (saved while search was away)");
    } finally {
      await db.execute(sql`alter table search_documents_away rename to search_documents`);
    }
    await expect.poll(() => served().site.organization.shortName, { timeout: 10_000 }).toBe("Common Bond (saved while search was away)");
  });
});

describe("removing a person", () => {
  const remove = (editor: Editor, form: Record<string, string>) =>
    routes.post<{ error: string }>(action, editor.address, { intent: "remove", ...form }, editor.params);

  it("asks for the box to be ticked, refuses an officer's record, and otherwise takes them off the site", async () => {
    const advisor = person("advisors", "esther-example");
    const revision = String((await stored(advisor)).revision);
    expect(await remove(advisor, { revision })).toMatchObject({ status: 400, data: { error: "Tick the box to confirm the removal." } });
    const officer = served().directors.find((m) => !m.listed)!;
    const officerEditor = person("directors", officer.id);
    const refused = await remove(officerEditor, { revision: String((await stored(officerEditor)).revision), confirm: "on" });
    expect(refused).toMatchObject({ status: 409, data: { error: expect.stringContaining(`officer record '${officer.title}'`) } });
    const removed = await remove(advisor, { revision, confirm: "on" });
    expect(removed.status).toBe(302);
    expect(new URL(removed.location!, "http://x").searchParams.get("removed")).toBe("Esther Example");
    expect(served().advisors.map((m) => m.id)).not.toContain("esther-example");
    expect((await routes.get(loader, advisor.address, advisor.params)).status).toBe(404);
  });

  it("is not offered for a page", async () => {
    const community = page("communities", "copts");
    const answer = await remove(community, { revision: "1", confirm: "on" });
    // Not a removal: the form, without its fields, is refused as any other save.
    expect(answer.status).toBe(400);
    expect(served().communities.map((c) => c.slug)).toContain("copts");
  });
});

describe("a staff account, not an administrator", () => {
  it("edits the Site like an administrator", async () => {
    const answer = await routes.post<Answered>(
      action,
      SETTINGS.address,
      posted(SETTINGS.path, await stored(SETTINGS), { "donation.hostedPageUrl": "https://donate.example.org/give" }),
      SETTINGS.params,
      STAFF,
    );
    expect(answer.status).toBe(302);
    expect(served().site.donation.hostedPageUrl).toBe("https://donate.example.org/give");
  });
});
