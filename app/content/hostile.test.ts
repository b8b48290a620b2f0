/**
 * Hostile text in every field staff can edit (issue 20, "Safe text"), through the editors' own functions: every
 * text field, list row and body of each kind of page, a person, and the settings. An address field refuses a
 * `javascript:` or `data:` link and a field with a format refuses markup, each at its field; everything else is
 * saved, and comes out inert: the HTML made from Markdown keeps no script, handler, frame, style, SVG or
 * dangerous link, the social posts' hand-built markup escapes it, and the feeds carry it as text.
 * The browser tests (tests/e2e/staff/site.spec.ts) check representative fields on the pages themselves.
 */
import { XMLParser } from "fast-xml-parser";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.server";
import { SocialEmbed } from "~/components/ui/SocialEmbed";
import { atomFeed } from "~/news/feed.server";
import type { SiteContent } from "./collections.server";
import { siteContentFrom } from "./content.server";
import { kindOf } from "./document-kinds.server";
import { formOf, saveDocument } from "./editing.server";
import { fieldsOf, listsOf, type EditorField, type EditorValues } from "./editor-shape";
import { SETTINGS_PATH } from "./editors";
import type { ContentStore } from "./store.server";
import { seededContentStore } from "../../tests/helpers/content-store";

const EDITOR = { id: "staff-hostile", email: "editor@example.org" };
const PAYLOAD = [
  "<script>window.__ran=1</script>",
  '<img src=x onerror="window.__ran=1">',
  '<svg onload="window.__ran=1"><script>window.__ran=1</script></svg>',
  '<iframe src="javascript:window.__ran=1"></iframe>',
  "<style>main{display:none}</style>",
  '<a href="data:text/html,x" style="position:fixed">d</a>',
  "[js](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=)",
  `"' --> ]]>`,
].join(" ");
const LINKS = ["javascript:alert(1)", "data:text/html;base64,PHNjcmlwdD4="];

/** HTML with nothing in it that runs, loads, restyles or leaves the site by a script link. */
function expectInert(html: string, where: string) {
  expect(html, where).not.toMatch(/<(script|img|svg|iframe|style|object|embed|form)\b/i);
  expect(html, where).not.toMatch(/<[a-z][^>]*\s(on\w+|srcdoc)\s*=/i);
  // The payload's own style attribute (a TikTok post's markup has one of its own).
  expect(html, where).not.toMatch(/<[a-z][^>]*\sstyle\s*=\s*["']?position:fixed/i);
  expect(html, where).not.toMatch(/<[a-z][^>]*\s(href|src|cite|action)\s*=\s*["']?\s*(javascript|data|vbscript):/i);
}

/** Where a field's payload has to go: a page's fields, but not those with a format of their own. */
const FORMATTED = /(^|\.)(position|href|id)$/;
const takesText = (field: EditorField) => (field.type === "text" || field.type === "textarea") && !FORMATTED.test(field.name);

/** The form with the payload in every text field and list row, and in every section of the body. */
function hostile(path: string, form: EditorValues): EditorValues {
  const { shape } = kindOf(path)!.kind;
  const values = { ...form.values };
  // A video's title alone would want its id: the video is tried where the article has one.
  const absent = (field: EditorField) => field.name.startsWith("video.") && !form.values["video.id"];
  for (const field of fieldsOf(shape)) if (takesText(field) && !absent(field)) values[field.name] = `${field.label} ${PAYLOAD}`;
  const lists = Object.fromEntries(
    listsOf(shape).map((list) => {
      const rows = form.lists[list.name] ?? [];
      // A list of text only that the page has no row of yet gets one, so it is tried too (an article's labels).
      const textOnly = list.fields.every((f) => takesText(f) || f.type === "checkbox");
      const filled = (rows.length || !textOnly ? rows : [{}]).map((row) => {
        const next = { ...row };
        for (const field of list.fields) if (takesText(field)) next[field.name] = `${field.label} ${PAYLOAD}`;
        return next;
      });
      return [list.name, filled];
    }),
  );
  const body = form.body.replace(/^(## .*)$/gm, `$1\n\n${PAYLOAD}\n`).replace(/^(?!## )([^\n]+)$/m, `${PAYLOAD}\n\n$1`);
  return { ...form, values, lists, body };
}

/** The same form with `link` in every address field: each must be refused at its own field. */
function withLinks(path: string, form: EditorValues, link: string): { form: EditorValues; fields: string[] } {
  const { shape } = kindOf(path)!.kind;
  const values = { ...form.values };
  const fields: string[] = [];
  // A formatted field is tried where the page has it: a video id typed alone would also want the video's title.
  for (const field of fieldsOf(shape))
    if (field.type === "url" || field.type === "email" || (FORMATTED.test(field.name) && values[field.name])) {
      values[field.name] = link;
      fields.push(field.name);
    }
  const lists = Object.fromEntries(
    listsOf(shape).map((list) => [
      list.name,
      (form.lists[list.name] ?? []).map((row, i) => {
        const next = { ...row };
        for (const field of list.fields)
          if (field.type === "url" || (field.type === "text" && FORMATTED.test(field.name))) {
            next[field.name] = link;
            fields.push(`${list.name}.${i}.${field.name}`);
          }
        return next;
      }),
    ]),
  );
  return { form: { ...form, values, lists }, fields };
}

/** Every string in the built content, with its place ("communities.3.underAttackHtml"). */
function strings(value: unknown, at = ""): [string, string][] {
  if (typeof value === "string") return [[at, value]];
  if (value && typeof value === "object") return Object.entries(value).flatMap(([key, v]) => strings(v, at ? `${at}.${key}` : key));
  return [];
}

describe("hostile text in every field staff edit (issue 20)", () => {
  let handle: DatabaseHandle;
  let store: ContentStore;
  let site: SiteContent;
  const PAGES = [
    "communities/copts.md",
    // Video, social posts and communities; labels get a row of their own.
    "ideology/mass-displacement-ethnic-cleansing.md",
    // The post on X.
    "ideology/dehumanizing-propaganda.md",
    "pages/home.md",
    "pages/about.md",
    "pages/privacy-policy.md",
    "partners.yaml",
  ];

  beforeAll(async () => {
    ({ handle: handle, store } = await seededContentStore());
  });
  afterAll(() => handle.close());

  it("refuses a javascript: or data: link, and markup in a field with a format, at each field of every kind of page", async () => {
    for (const path of PAGES) {
      const stored = formOf(path, (await store.get(path))!);
      for (const link of LINKS) {
        const { form, fields } = withLinks(path, stored, link);
        // A legal page has no address to try.
        if (!fields.length) continue;
        const result = await saveDocument(store, handle.db, EDITOR, path, form, "save");
        expect(result.kind, path).toBe("invalid");
        if (result.kind === "invalid") expect(Object.keys(result.errors).sort(), `${path} ${link}`).toEqual(fields.sort());
      }
    }
  });

  it("saves markup typed into every other field of every kind of page as text", async () => {
    for (const path of PAGES) {
      const result = await saveDocument(store, handle.db, EDITOR, path, hostile(path, formOf(path, (await store.get(path))!)), "save");
      expect([path, result.kind === "saved" ? "saved" : JSON.stringify(result)]).toEqual([path, "saved"]);
    }
  });

  it("saves it in a person's name and biography, and in the settings' text, refusing it where a setting has a format", async () => {
    const personPath = "team/directors/amira-placeholder.md";
    const person = formOf(personPath, (await store.get(personPath))!);
    const save = (path: string, form: EditorValues) => saveDocument(store, handle.db, EDITOR, path, form, "save");
    expect(await save(personPath, { ...person, values: { ...person.values, title: PAYLOAD } })).toEqual({
      kind: "invalid",
      errors: { title: ["Choose a title"] },
    });
    expect(await save(personPath, hostile(personPath, person))).toMatchObject({ kind: "saved", live: true });

    const settings = formOf(SETTINGS_PATH, (await store.get(SETTINGS_PATH))!);
    for (const link of LINKS) {
      const { form, fields } = withLinks(SETTINGS_PATH, settings, link);
      const result = await save(SETTINGS_PATH, form);
      expect(result.kind === "invalid" && Object.keys(result.errors).sort()).toEqual(fields.sort());
    }
    expect(await save(SETTINGS_PATH, hostile(SETTINGS_PATH, settings))).toMatchObject({ kind: "saved", live: true });
    site = siteContentFrom(await store.documents());
  });

  it("keeps it as text where it is text, and out of every piece of HTML made from Markdown", () => {
    const all = strings(site);
    // Every field tried holds the payload as typed: pages, person and settings.
    const typed = all.filter(([, s]) => s.includes(PAYLOAD));
    expect(typed.length).toBeGreaterThan(60);
    for (const place of ["home.cards.0.title", "about.pillars.2.text", "partners.0.description", "site.organization.name"])
      expect(typed.map(([at]) => at)).toContain(place);
    const ideology = site.ideology.find((a) => a.section === "mass-displacement-ethnic-cleansing")!;
    expect(ideology.labels?.[0]?.meaning).toContain(PAYLOAD);
    expect(ideology.perspectives?.[0]?.title).toContain(PAYLOAD);
    expect(site.directors.find((d) => d.id === "amira-placeholder")!.name).toBe(`Name ${PAYLOAD}`);

    const html = all.filter(([at]) => /Html$/.test(at));
    // The bodies of the community, the two articles, the privacy policy (with the organisation's name in it),
    // the biography, and the articles' community lists.
    // (The Markdown link is what is left of the payload once the sanitiser has dropped the rest.)
    const reached = html.filter(([, h]) => h.includes("<a>js</a>") || h.includes("&lt;script&gt;"));
    expect(reached.length).toBeGreaterThan(8);
    for (const [at, h] of html) expectInert(h, at);
    // The organisation's name, filled into the legal pages' Markdown, stays text.
    expect(site.legal["terms-of-use"].bodyHtml).toContain("Name &lt;script&gt;window.__ran=1&lt;/script&gt;");
  });

  it("escapes it in the social posts' markup, which the embeds build by hand", () => {
    const edited = site.ideology.filter((a) => a.heading.includes(PAYLOAD));
    expect(edited).toHaveLength(2);
    const posts = edited.flatMap((a) => [
      ...(a.perspectives ?? []).map((p) => ({ provider: p.provider, url: p.url, title: p.title })),
      ...(a.tweet ? [{ provider: "X" as const, url: a.tweet.url, title: `${a.title} on X` }] : []),
    ]);
    expect(posts.map((p) => p.provider)).toEqual(expect.arrayContaining(["TikTok", "X"]));
    for (const post of posts) {
      expect(post.title).toContain(PAYLOAD);
      for (const autoload of [false, true])
        expectInert(renderToStaticMarkup(createElement(SocialEmbed, { ...post, autoload })), post.title);
    }
    // Instagram's markup too, with the same title.
    expectInert(
      renderToStaticMarkup(
        createElement(SocialEmbed, {
          provider: "Instagram",
          url: "https://www.instagram.com/p/C1a2B3c4D5e/",
          title: PAYLOAD,
          autoload: false,
        }),
      ),
      "Instagram",
    );
  });

  it("carries the organisation's name and a community's into the feeds as text", () => {
    const community = site.communities.find((c) => c.slug === "copts")!;
    const xml = atomFeed({
      siteUrl: "https://alliance.example",
      organization: site.site.organization.name,
      language: "en",
      copyright: `Summaries by ${site.site.organization.name}; articles belong to their publishers.`,
      title: `News about ${community.name}`,
      feedPath: "/communities/copts/news.xml",
      pagePath: "/communities/copts/news",
      items: [],
    });
    expectInert(xml, "feed");
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    expect(feed.author.name).toBe(site.site.organization.name);
    expect(feed.rights).toBe(`Summaries by ${site.site.organization.name}; articles belong to their publishers.`);
    expect(feed.title["#text"] ?? feed.title).toBe(`News about ${community.name}`);
  });
});
