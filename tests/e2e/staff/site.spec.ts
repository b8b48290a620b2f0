/**
 * The staff area's Site section (axe checks its pages in accessibility.spec.ts; here only the preview): settings staff change show on every page at once, wrong values are refused
 * field by field, a second editor's save is refused without losing their text, and what staff type is shown
 * as text, never run. The tests share one site.yaml, so they run one after another and put it back.
 */
import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));
const save = (page: Page) => page.getByRole("button", { name: "Save" }).first().click();
const stillToSupply = async (page: Page) => {
  await page.goto("/admin/site");
  return Number((await page.getByRole("heading", { name: /^Still to supply: \d+$/ }).textContent())!.match(/\d+/)![0]);
};

test("a changed contact email shows on the site at once, and the checklist counts down", async ({ staffPage: page }) => {
  test.slow();
  const before = await stillToSupply(page);
  await expect(page.getByRole("link", { name: /^contact email/ })).toBeVisible();
  await page.getByRole("link", { name: /^contact email/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

  const group = page.getByRole("group", { name: "Contact email" });
  const original = await group.getByLabel(/^Email address/).inputValue();
  await field(page, "Email address").fill("press@alliance.example");
  await group.getByRole("checkbox", { name: /Still a stand-in/ }).uncheck();
  await save(page);
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");

  await page.goto("/contact");
  await expect(page.locator("header").getByRole("link", { name: "press@alliance.example" })).toHaveAttribute(
    "href",
    "mailto:press@alliance.example",
  );
  expect(await stillToSupply(page)).toBe(before - 1);
  await expect(page.getByRole("link", { name: /^contact email/ })).toHaveCount(0);

  // Put it back for the other tests.
  await page.goto("/admin/site/settings");
  await field(page, "Email address").fill(original);
  await page
    .getByRole("group", { name: "Contact email" })
    .getByRole("checkbox", { name: /Still a stand-in/ })
    .check();
  await save(page);
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
  expect(await stillToSupply(page)).toBe(before);
});

/**
 * Markup of every kind a field could carry: scripts, handlers, frames, styles, SVG, javascript: and data: links.
 * In short words, as a browser reads them as well: other tests on the same server check that no page is wider
 * than a phone while these tests have it in names and headings.
 */
const PAYLOAD =
  "<img src=x onerror=__ran=1> <script> __ran=1 </script> <svg onload=__ran=1> </svg> <iframe src=javascript:0> </iframe> <style> main{display:none} </style> <a href=data:,x> d </a> [d](data:,x) [js](javascript:0)";

/** Nothing staff typed runs, loads, restyles the page or links by script or data:, on it or waiting in its templates. */
async function expectInert(page: Page) {
  await expect(
    page.locator("img[src=x], script:not([src]):not([type]), svg[onload], iframe, main style, a[href^='javascript' i], a[href^='data:' i]"),
  ).toHaveCount(0);
  const inTemplates = await page.evaluate(
    () =>
      [...document.querySelectorAll("template")].flatMap((t) => [
        ...t.content.querySelectorAll(
          "img[src=x], script, svg, style, [onerror], [onload], iframe:not([src^='https://www.youtube-nocookie.com/']), a[href^='javascript' i], a[href^='data:' i]",
        ),
      ]).length,
  );
  expect(inTemplates).toBe(0);
  expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
}

/**
 * Saves the editor at `editor` with `fields` (by their names) filled in, or changed from what they hold; resolves
 * to the step that restores the revision it started from.
 */
async function saveWith(page: Page, editor: string, path: string, fields: Record<string, string | ((value: string) => string)>) {
  await page.goto(editor);
  const revision = await page.locator("input[name=revision]").first().inputValue();
  for (const [name, value] of Object.entries(fields)) {
    const input = page.locator(`:is(input:not([type=hidden]), textarea)[name="${name}"]`);
    await input.fill(typeof value === "string" ? value : value(await input.inputValue()));
  }
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
  return async () => {
    await page.goto(`/admin/site/history?path=${path}&to=${revision}`);
    await page.getByRole("button", { name: `Restore revision ${revision}` }).click();
    await expect(page.getByRole("status")).toHaveText(`Revision ${revision} restored as a new revision. Visitors see it now.`);
  };
}

test("markup in the settings, a director, an article, the home, about and privacy pages and a partner shows on their pages as typed and inert, and in the feeds", async ({
  staffPage: page,
}) => {
  test.slow();
  const typed = (label: string) => `${label} ${PAYLOAD}`;
  const restore: (() => Promise<void>)[] = [];
  try {
    const edits: [editor: string, path: string, fields: Parameters<typeof saveWith>[3]][] = [
      [
        "/admin/site/settings",
        "site.yaml",
        {
          "organization.name": typed("Alliance"),
          "organization.shortName": typed("Short"),
          "homeVideo.title": typed("Video"),
        },
      ],
      [
        "/admin/site/people/directors/hana-placeholder",
        "team/directors/hana-placeholder.md",
        {
          name: typed("Hana"),
          body: typed("Biography"),
        },
      ],
      [
        "/admin/site/pages/ideology/mass-displacement-ethnic-cleansing",
        "ideology/mass-displacement-ethnic-cleansing.md",
        {
          title: typed("Same Playbook: Title"),
          heading: typed("Heading"),
          boldText: typed("Bold"),
          description: typed("Summary"),
          "image.alt": typed("Alt"),
          "image.credit": typed("Credit"),
          "image.caption": typed("Caption"),
          "video.title": typed("Video"),
          "communities.0.name": typed("Community"),
          "communities.0.description": typed("Description"),
          "perspectives.0.title": typed("Post"),
          "sources.0.title": typed("Source"),
          "sources.0.publisher": typed("Publisher"),
          body: (body) => `${PAYLOAD}\n\n${body}`,
        },
      ],
      [
        "/admin/site/pages/pages/home",
        "pages/home.md",
        {
          description: typed("Description"),
          missionIntro: typed("Mission"),
          joinText: typed("Join"),
          "cards.1.title": typed("Card"),
          "cards.1.text": typed("Card text"),
          "slides.1.caption": typed("Caption"),
          "slides.1.alt": typed("Alt"),
        },
      ],
      [
        "/admin/site/pages/pages/about",
        "pages/about.md",
        {
          mission: typed("Mission"),
          vision: typed("Vision"),
          "pillars.0.text": typed("Pillar"),
          "featuredArticle.title": typed("Article"),
          "featuredArticle.excerpt": typed("Excerpt"),
        },
      ],
      [
        "/admin/site/pages/pages/privacy-policy",
        "pages/privacy-policy.md",
        {
          title: "Privacy Policy, as staff wrote it",
          description: typed("Description"),
          body: (body) => `${PAYLOAD}\n\n${body}`,
        },
      ],
      [
        "/admin/site/partners",
        "partners.yaml",
        {
          "partners.0.name": typed("Partner"),
          "partners.0.description": typed("Partner text"),
        },
      ],
    ];
    for (const [editor, path, fields] of edits) restore.push(await saveWith(page, editor, path, fields));

    for (const path of [
      "/",
      "/about",
      "/privacy-policy",
      "/terms-of-use",
      "/partners",
      "/ideology/mass-displacement-ethnic-cleansing",
      "/team/board-of-directors",
      "/team/director/hana-placeholder",
    ]) {
      expect((await page.goto(path))!.status()).toBe(200);
      await expectInert(page);
    }
    // Shown as typed: a heading, a name, and the organisation's name inside a legal page's Markdown; the
    // home, about and privacy editors' fields on their pages.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(typed("Hana"));
    await page.goto("/");
    await expect(page.locator("main")).toContainText(typed("Mission"));
    await expect(page.locator("section[aria-labelledby=mission-heading] li a").nth(1)).toHaveText(typed("Card"));
    await page.goto("/about");
    await expect(page.locator("main")).toContainText(typed("Vision"));
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy, as staff wrote it");
    await page.goto("/ideology/mass-displacement-ethnic-cleansing");
    await expect(page.locator("main h2").first()).toHaveText(typed("Heading"));
    await page.goto("/terms-of-use");
    await expect(page).toHaveTitle(new RegExp(typed("Alliance").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator("main")).toContainText(`Welcome to the website of ${typed("Alliance")}.`);

    // The feeds' author and rights, and the search description, carry the organisation's name as text.
    for (const path of ["/news.xml", "/communities/yazidis/news.xml", "/opensearch.xml"]) {
      const xml = await (await page.request.get(path)).text();
      expect(xml).not.toMatch(/<(img|script|svg|iframe|style)\b/i);
      expect(xml).not.toMatch(/<[a-z][^>]*\s(href|src)="(javascript|data):/i);
      expect(xml).toContain(path === "/opensearch.xml" ? "Search the pages of Alliance &lt;img src=x" : "<name>Alliance &lt;img src=x");
    }
  } finally {
    for (const step of restore.reverse()) await step();
  }
});

test("a partner is added, edited, moved up and removed, and the partners page follows each step", async ({ staffPage: page }) => {
  test.slow();
  const name = `Ezidi Heritage Fund ${Date.now()}`;
  const partners = async () => {
    await page.goto("/partners");
    return (await page.locator("main h2").allTextContents()).filter((heading) => heading !== "Become a Partner");
  };
  const saved = async () => {
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
  };
  const before = await partners();
  const row = (n: number) => page.getByRole("group", { name: `Partner ${n}`, exact: true });

  await page.goto("/admin/site/partners");
  const added = page.getByRole("group", { name: "New partner" });
  await added.getByLabel(/^Name/).fill(name);
  await added.getByLabel(/^Description/).fill("Records the hymns of Yazidi elders.");
  await added.getByLabel(/^Website/).fill("https://heritage.example.org");
  await saved();
  expect(await partners()).toEqual([...before, name]);
  await expect(page.getByRole("link", { name: `Visit Website of ${name} (opens in a new tab)` })).toHaveAttribute(
    "href",
    "https://heritage.example.org",
  );

  // Edited and moved up in one save: the row carries what was typed in it.
  await page.goto("/admin/site/partners");
  const last = before.length + 1;
  await row(last)
    .getByLabel(/^Description/)
    .fill("Records and publishes the hymns of Yazidi elders.");
  await row(last)
    .getByRole("button", { name: new RegExp(`^Move up\\W+Partner ${last}$`) })
    .click();
  await expect(page.getByRole("status")).toHaveText("Moved. Nothing is saved until you press Save.");
  await expect(row(last - 1).getByLabel(/^Name/)).toHaveValue(name);
  await saved();
  expect(await partners()).toEqual([...before.slice(0, -1), name, before.at(-1)]);
  await expect(page.locator("main")).toContainText("Records and publishes the hymns of Yazidi elders.");

  await page.goto("/admin/site/partners");
  await row(last - 1)
    .getByRole("checkbox", { name: "Remove when saved" })
    .check();
  await saved();
  expect(await partners()).toEqual(before);
});

test("replacing a stand-in advisor changes the grid, their page and the checklist; the preview works without a save", async ({
  staffPage: page,
}) => {
  test.slow();
  const before = await stillToSupply(page);
  await page.goto("/admin/site/people");
  await page.getByRole("link", { name: "Esther Example", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Esther Example");
  const original = {
    name: await field(page, "Name").inputValue(),
    biography: await field(page, "Biography").inputValue(),
  };

  await field(page, "Name").fill("Dr. Sara Adebayo");
  await field(page, "Biography").fill(
    'Sara Adebayo is a **human-rights lawyer**. <img src=x onerror="window.__ran=1"><script>window.__ran=1</script>[Her work](javascript:alert(1)).',
  );
  await page.getByRole("checkbox", { name: /Still a stand-in/ }).uncheck();
  await page.getByRole("button", { name: "Preview" }).first().click();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview.locator("strong")).toHaveText("human-rights lawyer");
  await expect(preview.locator("img, script, a[href^='javascript']")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // A preview saves nothing.
  await page.goto("/team/board-of-advisors");
  await expect(page.getByRole("link", { name: /Dr\. Sara Adebayo/ })).toHaveCount(0);

  await page.goBack();
  await page.goto("/admin/site/people/advisors/esther-example");
  await field(page, "Name").fill("Dr. Sara Adebayo");
  await field(page, "Biography").fill('Sara Adebayo is a **human-rights lawyer**. <img src=x onerror="window.__ran=1">');
  await page.getByRole("checkbox", { name: /Still a stand-in/ }).uncheck();
  await save(page);
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");

  try {
    await page.goto("/team/board-of-advisors");
    await page.getByRole("link", { name: /Dr\. Sara Adebayo/ }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dr. Sara Adebayo");
    await expect(page.locator("main strong")).toHaveText("human-rights lawyer");
    await expect(page.locator("main img[src=x]")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
    expect(await stillToSupply(page)).toBe(before - 1);
    await page.goto("/search?q=Adebayo&type=person");
    await expect(page.locator("main ol > li").first().getByRole("link")).toHaveText("Dr. Sara Adebayo");
  } finally {
    await page.goto("/admin/site/people/advisors/esther-example");
    await field(page, "Name").fill(original.name);
    await field(page, "Biography").fill(original.biography);
    await page.getByRole("checkbox", { name: /Still a stand-in/ }).check();
    await save(page);
    await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
  }
});

test(
  "a community page's text and sources are edited, previewed and saved without JavaScript, then restored from its history",
  { tag: "@storage" },
  async ({ staffPage, browser }) => {
    test.slow();
    const sentence = `An editor's sentence on the Quokkafarers, checked against its source on ${new Date().toISOString().slice(0, 10)}.`;
    const source = {
      url: "https://www.ohchr.org/en/press-releases/2016/06/un-commission-inquiry-syria-isis-committing-genocide-against-yazidis",
      title: "UN Commission of Inquiry on Syria: ISIS is committing genocide against the Yazidis",
    };
    const noScript = await browser.newContext({ storageState: await staffPage.context().storageState(), javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto("/admin/site/pages");
      await page.getByRole("link", { name: "Druze", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Druze");
      const body = field(page, "Text of the page");
      await body.fill(
        (await body.inputValue()).replace(/^## Under Attack\n/m, `## Under Attack\n\n${sentence} <script>window.__ran=1</script>\n`),
      );
      const added = page.getByRole("group", { name: "New source" });
      await added.getByLabel(/^Address/).fill(source.url);
      await added.getByLabel(/^Title/).fill(source.title);
      await added.getByLabel(/^Publisher/).fill("OHCHR");
      await added.getByLabel(/^Date published/).fill("2016-06-16");

      await page.getByRole("button", { name: "Preview" }).first().click();
      const preview = page.getByRole("region", { name: "Preview" });
      await expect(preview).toContainText(sentence);
      await expect(preview.locator("script")).toHaveCount(0);
      // The preview kept the new source, and offers a fresh blank row.
      await expect(page.getByRole("group", { name: "New source" }).getByLabel(/^Address/)).toHaveValue("");
      await expect(page.getByLabel(/^Address/).and(page.locator(`[value="${source.url}"]`))).toHaveCount(1);

      await page.getByRole("button", { name: "Save" }).first().click();
      await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
      await page.goto("/communities/druze");
      await expect(page.locator("main")).toContainText(sentence);
      await expect(page.getByRole("link", { name: source.title })).toHaveAttribute("href", source.url);
      // Searchable at once, in the visitor's words.
      await page.goto("/search?q=quokkafarers");
      const first = page.locator("main ol > li").first();
      await expect(first.getByRole("link")).toHaveText("Druze");
      await expect(first.locator("mark")).toHaveText("Quokkafarers");
    } finally {
      await noScript.close();
    }

    // The history shows the change, and restoring the first edition takes it away again.
    const page = staffPage;
    await page.goto("/admin/site/pages/communities/druze");
    await page.getByRole("link", { name: "History" }).click();
    await expect(page.getByRole("region", { name: /^Changes from revision/ })).toContainText(`Added: ${sentence}`);
    await page.getByRole("radio", { name: "Compare to revision 1" }).check();
    const latest = await page
      .getByRole("radio", { name: /^Compare from revision/ })
      .first()
      .getAttribute("value");
    await page.getByRole("radio", { name: `Compare from revision ${latest}` }).check();
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page.getByRole("region", { name: /^Changes from revision/ })).toContainText(`Removed: ${sentence}`);
    await page.getByRole("button", { name: "Restore revision 1" }).click();
    await expect(page.getByRole("status")).toHaveText("Revision 1 restored as a new revision. Visitors see it now.");
    await page.goto("/communities/druze");
    await expect(page.locator("main")).not.toContainText(sentence);
    await expect(page.getByRole("link", { name: source.title })).toHaveCount(0);
    await page.goto("/search?q=quokkafarers&exact=1");
    // The query is in a <q>: its “ ” are the stylesheet's (search.spec.ts), so not in the name Playwright computes.
    await expect(page.getByRole("heading", { name: "No results for quokkafarers" })).toBeVisible();
  },
);

test("a refused page keeps what was typed and marks the field", async ({ staffPage: page }) => {
  await page.goto("/admin/site/pages/ideology/kidnapping");
  await page
    .getByRole("group", { name: "Source 1", exact: true })
    .getByLabel(/^Address/)
    .fill("http://insecure.example.org/");
  await field(page, "Title").first().fill("");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByText("Nothing was saved. Please fix the fields marked below.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Source 1", exact: true }).getByLabel(/^Address/)).toHaveValue(
    "http://insecure.example.org/",
  );
  await expect(
    page.getByRole("group", { name: "Source 1", exact: true }).getByText("Enter a web address starting with https://"),
  ).toBeVisible();
  await expect(field(page, "Title").first()).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Fill this in", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a person added to the board shows on its grid with a stand-in portrait, moves up it without JavaScript; removed, their page answers 404, leaves the sitemap and is listed with their history", async ({
  staffPage: page,
  browser,
}) => {
  test.slow();
  const name = `Mariam Testperson ${Date.now()}`;
  await page.goto("/admin/site/people");
  await page.getByText("Add a person to the Board of Directors").click();
  const form = page.locator("details[open]");
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^Biography/).fill("Mariam is a **teacher** who documents attacks on schools.");
  await form.getByRole("button", { name: "Add to the Board of Directors" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("status")).toHaveText("Added at the end of the board's grid. Visitors see them now.");
  const id = new URL(page.url()).pathname.split("/").at(-1)!;

  await page.goto("/team/board-of-directors");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.locator("main strong")).toHaveText("teacher");
  await expect(page.getByRole("img", { name: `Portrait of ${name}` })).toBeVisible();
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain(`/team/director/${id}`);

  // Moved one place up from the end, by a plain form: the grid follows.
  const gridNames = async () => {
    await page.goto("/team/board-of-directors");
    return page.locator("[data-team-grid] > li .font-serif").allTextContents();
  };
  const before = await gridNames();
  expect(before.at(-1)).toBe(name);
  const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  try {
    const board = await noScript.newPage();
    await board.goto("/admin/site/people");
    await board
      .getByRole("region", { name: "Board of Directors", exact: true })
      .getByRole("button", { name: new RegExp(`^Move up\\W+${name}$`) })
      .click();
    await expect(board.getByRole("status")).toHaveText(`${name} moved up. Visitors see the new order now.`);
  } finally {
    await noScript.close();
  }
  expect(await gridNames()).toEqual([...before.slice(0, -2), name, before.at(-2)]);

  await page.goto(`/admin/site/people/directors/${id}`);
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("Tick the box to confirm the removal.")).toBeVisible();
  await page.getByRole("checkbox", { name: `Yes, remove ${name}` }).check();
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("status")).toContainText(`${name} was removed from the site.`);
  expect((await page.request.get(`/team/director/${id}`)).status()).toBe(404);
  expect(await (await page.request.get("/sitemap.xml")).text()).not.toContain(`/team/director/${id}`);
  // Found again later on the board's list, with the history that can restore them.
  await page.goto("/admin/site/people");
  await page.getByRole("link", { name: new RegExp(`^${name}\\W+history and restore$`) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("History");
  await expect(page.getByRole("button", { name: /^Restore revision \d+$/ })).toBeVisible();
});

test("markup in every field of a community page is shown inert on its page, the communities list and the home page", async ({
  staffPage: page,
}) => {
  test.slow();
  const payload = `X${PAYLOAD}`;
  await page.goto("/admin/site/pages/communities/copts");
  const group = page.getByRole("group", { name: "Names and summary" });
  // A required field's label ends in its mark, which screen readers skip.
  const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
  for (const label of ["Name", "Name in menus", "Adjective", "Subtitle", "News page subheading", "Summary"])
    await group.getByLabel(labelled(label)).fill(`${label} ${payload}`);
  const photo = page.getByRole("group", { name: "Photograph and credit" });
  for (const label of ["Description for screen readers (alt text)", "Credit", "Licence", "Caption"])
    await photo.getByLabel(label, { exact: true }).fill(`${label} ${payload}`);
  await photo.getByLabel(/^Credit link/).fill("javascript:alert(1)");
  const body = field(page, "Text of the page");
  await body.fill((await body.inputValue()).replace(/^## Under Attack\n/m, `## Under Attack\n\n${payload} [link](javascript:alert(1))\n`));
  const source = page.getByRole("group", { name: "Source 1", exact: true });
  await source.getByLabel(/^Title/).fill(`Title ${payload}`);
  await source.getByLabel(/^Publisher/).fill(`Publisher ${payload}`);

  // A javascript: link is refused outright; everything else is text.
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(
    page.getByRole("group", { name: "Photograph and credit" }).getByText("Enter a web address starting with https://"),
  ).toBeVisible();
  await page
    .getByRole("group", { name: "Photograph and credit" })
    .getByLabel(/^Credit link/)
    .fill("");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");

  try {
    for (const path of ["/communities/copts", "/communities", "/", "/communities/copts/news", "/communities/copts/news.xml"]) {
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      if (path.endsWith(".xml")) {
        expect(await response!.text()).not.toMatch(/<(img|script|svg|iframe|style)\b/i);
        continue;
      }
      await expect(page.locator("img[src=x], script:not([src]):not([type]), svg[onload], iframe, main style")).toHaveCount(0);
      await expect(page.locator("a[href^='javascript']")).toHaveCount(0);
      expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
    }
    await page.goto("/communities/copts");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Name X<img src=x`);
  } finally {
    // The first edition again, from the history.
    await page.goto("/admin/site/history?path=communities/copts.md&to=1");
    await page.getByRole("button", { name: "Restore revision 1" }).click();
    await expect(page.getByRole("status")).toHaveText("Revision 1 restored as a new revision. Visitors see it now.");
  }
});

test(
  "two editors save the same page: the second is refused with what changed, keeps their text, and can compare",
  { tag: "@storage" },
  async ({ staffPage: first, adminPage: second }) => {
    test.slow();
    const path = "/admin/site/pages/communities/samaritans";
    await first.goto(path);
    await second.goto(path);
    const summary = await field(first, "Summary").inputValue();
    await field(first, "Summary").fill(`${summary} First editor's addition.`);
    await first.getByRole("button", { name: "Save" }).first().click();
    await expect(first.getByRole("status")).toHaveText("Saved. Visitors see the change now.");

    const body = field(second, "Text of the page");
    const typed = `${await body.inputValue()}\n\nSecond editor's paragraph.`;
    await body.fill(typed);
    await second.getByRole("button", { name: "Save" }).first().click();
    await expect(second.getByRole("alert")).toContainText("Not saved: someone else saved this page while you were editing.");
    await expect(second.getByRole("alert")).toContainText("They changed: Summary.");
    await expect(field(second, "Text of the page")).toHaveValue(typed);
    await second.getByRole("link", { name: "See their changes" }).click();
    await expect(second.getByRole("region", { name: /^Changes from revision/ })).toContainText(/Added: .* First editor's addition\./);
  },
);

test("staff translate the Yazidis page into Arabic and publish it; visitors read it right to left; an English change in meaning marks it outdated, a minor one does not", async ({
  staffPage: page,
}) => {
  test.slow();
  const english = "/admin/site/pages/communities/yazidis";
  await page.goto(english);
  const revision = await page.locator("input[name=revision]").first().inputValue();
  await page
    .getByRole("region", { name: "Translations" })
    .getByRole("link", { name: /^Arabic/ })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Yazidis: Arabic translation");
  await expect(page.getByLabel("Name (Arabic)")).toHaveAttribute("dir", "rtl");
  await page.getByLabel("Name (Arabic)").fill("الإيزيديون");
  await page.getByLabel("Text of the page (Arabic)").fill("## Under Attack\n\nنص عربي.\n\n## Culture\n\nثقافة.\n\n## History\n\nتاريخ.");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("status")).toHaveText("Published. Visitors see the change now.");

  // Reduced motion, as axeEachPage: nothing fading in while axe reads its colours.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/ar/communities/yazidis");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("الإيزيديون");
  await expect(page.getByRole("heading", { name: "تحت الهجوم" })).toBeVisible();
  await expect(page.locator("main")).not.toHaveAttribute("lang", "en");
  await expect(page.locator("main")).toContainText("روجعت في");
  await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", /\/ar\/communities\/yazidis$/);
  await expect(page.locator("link[hreflang=ar]")).toHaveAttribute("href", /\/ar\/communities\/yazidis$/);
  // A translated page is a kind of its own: Arabic <main>, the line saying it is translated.
  await expectNoAxeViolations(page);

  /** Saves the English summary with `words` added, as a minor change or not, and says what the Arabic page then says. */
  const changeEnglish = async (words: string, minor: boolean) => {
    await page.goto(english);
    await field(page, "Summary").fill(`${await field(page, "Summary").inputValue()} ${words}`);
    if (minor) await page.getByRole("checkbox", { name: /^Minor change/ }).check();
    await save(page);
    await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
    await page.goto("/ar/communities/yazidis");
    return page.locator("main > p").first();
  };
  await expect(await changeEnglish("Minor.", true)).toContainText("روجعت في");
  const note = await changeEnglish("A change in meaning.", false);
  await expect(note).toContainText("تغيّرت الصفحة الإنجليزية");
  await expect(note.getByRole("link")).toHaveAttribute("href", "/communities/yazidis");
  await page.goto(english);
  await expect(page.getByRole("region", { name: "Translations" })).toContainText(/Arabic.*Published, outdated/);

  // Put it back for the other tests: the English as it was, the Arabic off the site.
  await page.goto("/admin/site/translation/ar?path=communities/yazidis.md");
  await page.getByRole("button", { name: /^Take the Arabic translation off the site/ }).click();
  await expect(page.getByRole("status")).toHaveText("Taken off the site. Visitors read the English again.");
  await page.goto(`/admin/site/history?path=communities/yazidis.md&to=${revision}`);
  await page.getByRole("button", { name: `Restore revision ${revision}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Revision ${revision} restored as a new revision. Visitors see it now.`);
});

test("a Sorani Kurdish interface string corrected in the staff area shows on the site at once, and is reset", async ({
  staffPage: page,
}) => {
  const correction = "ماڵەوەی ئێمە";
  const homeLink = () => page.locator("header").getByRole("link", { name: correction, exact: true }).first();
  await page.goto("/admin/site/interface-text");
  await page.getByRole("link", { name: /Kurdish \(Sorani\)/ }).click();
  await page.locator("summary", { hasText: "Main menu" }).click();
  const home = page.getByLabel(/^nav\.home/);
  await expect(home).toHaveAttribute("dir", "rtl");
  await home.fill(correction);
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved 1 string. Visitors see the change now.");
  await page.goto("/ckb/");
  await expect(homeLink()).toBeVisible();

  await page.goto("/admin/site/interface-text/ckb");
  await page.locator("summary", { hasText: "Main menu" }).click();
  await expect(page.getByText(/^Changed by .* on /)).toBeVisible();
  await page.getByRole("checkbox", { name: /^Reset to the shipped text when saved ?: nav\.home$/ }).check();
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Saved 1 string. Visitors see the change now.");
  await page.goto("/ckb/");
  await expect(homeLink()).toHaveCount(0);
});
