/** Staff keep each community's news: what they do shows on the community page and in the feeds at once. */
import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";

/** Entry titles, as text (the feed marks them as HTML; these titles hold no markup). */
const titlesIn = (xml: string) =>
  [new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).feed.entry ?? []]
    .flat()
    .map((e: { title: { "#text": string } }) => e.title["#text"]);

async function addItem(page: Page, fields: { title: string; community: string; date?: string; status?: "Draft" | "Published" }) {
  await page.goto("/admin/news/new");
  await page.getByLabel(/^Title/).fill(fields.title);
  await page.getByLabel(/^Excerpt/).fill(`What happened, in two sentences, for ${fields.title}.`);
  await page.getByLabel(/^Source/).fill("Human Rights Watch");
  await page.getByLabel(/^Publication date/).fill(fields.date ?? "2026-11-01");
  await page
    .getByLabel(/^Address of the original article/)
    .fill(`https://example.org/${encodeURIComponent(fields.title)}?utm_source=staff`);
  await page.getByRole("checkbox", { name: fields.community, exact: true }).check();
  await page.getByRole("radio", { name: new RegExp(`^${fields.status ?? "Published"}`) }).check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
  return new URL(page.url()).pathname;
}

async function deleteItem(page: Page, editPath: string) {
  await page.goto(editPath);
  await page.getByRole("button", { name: "Delete this item…" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("News item deleted.");
}

const latestNews = (page: Page) => page.getByRole("complementary", { name: "Latest News" });

test(
  "an added item shows on the community page, its news page and both feeds; an edit changes it; deleting removes it",
  { tag: "@storage" },
  async ({ staffPage: page, request }) => {
    // A long journey: an item added, edited and deleted, each seen on the site's pages and feeds, with two axe checks.
    test.slow();
    const title = `Druze villagers displaced ${Date.now()}`;
    const edit = await addItem(page, { title, community: "Druze" });
    await expect(page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/communities/druze");
    await expect(latestNews(page).getByRole("heading", { name: title })).toBeVisible();
    const link = latestNews(page).getByRole("link", { name: new RegExp(`Read Full Article\\s*: ${title}`) });
    await expect(link).toHaveAttribute("href", `https://example.org/${encodeURIComponent(title)}`);
    await latestNews(page).getByRole("link", { name: "All news about Druze" }).click();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute("href", "/communities/druze/news.xml");
    await expectNoAxeViolations(page);

    for (const feedPath of ["/communities/druze/news.xml", "/news.xml"]) {
      const res = await request.get(feedPath);
      expect(res.headers()["content-type"]).toContain("application/atom+xml");
      const body = await res.text();
      expect(titlesIn(body)).toContain(title);
      expect(body).not.toMatch(/utm_|fbclid/);
    }

    await page.goto(edit);
    await page.getByLabel(/^Title/).fill(`${title} (updated)`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status")).toHaveText("Saved. Visitors see the change now.");
    await page.goto("/communities/druze");
    await expect(latestNews(page).getByRole("heading", { name: `${title} (updated)` })).toBeVisible();

    await deleteItem(page, edit);
    await page.goto("/communities/druze");
    await expect(latestNews(page)).not.toContainText(title);
    expect(titlesIn(await (await request.get("/communities/druze/news.xml")).text())).not.toContain(`${title} (updated)`);
  },
);

test("pinning moves an old item to the top of one community; a draft stays hidden", async ({ staffPage: page, request }) => {
  // A long journey: two items added, one pinned, checked on the community page, its news page and both feeds, then deleted.
  test.slow();
  const old = `An old report worth keeping ${Date.now()}`;
  const oldPath = await addItem(page, { title: old, community: "Hindus", date: "2001-05-01" });
  const draft = `Not ready yet ${Date.now()}`;
  const draftPath = await addItem(page, { title: draft, community: "Hindus", status: "Draft" });

  await page.goto("/communities/hindus");
  await expect(latestNews(page).getByRole("heading", { level: 3 })).toHaveCount(3);
  await expect(latestNews(page)).not.toContainText(old);
  await expect(latestNews(page)).not.toContainText(draft);

  await page.goto("/admin/news?community=hindus");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: new RegExp(`Pin to top\\s*: ${old}`) }).click();
  await expect(page.getByRole("status")).toHaveText("Pinned to the top of the list.");
  await expect(page.getByRole("row").nth(1)).toContainText(old);

  await page.goto("/communities/hindus");
  await expect(latestNews(page).getByRole("heading", { level: 3 }).first()).toHaveText(old);
  await expect(latestNews(page)).not.toContainText(draft);
  await page.goto("/communities/hindus/news");
  await expect(page.locator("main")).not.toContainText(draft);
  for (const feedPath of ["/communities/hindus/news.xml", "/news.xml"]) {
    expect(titlesIn(await (await request.get(feedPath)).text())).not.toContain(draft);
  }

  await deleteItem(page, oldPath);
  await deleteItem(page, draftPath);
});
