import { expect, expectNoAxeViolations, test } from "./fixtures";

/**
 * What was searched for stands in a <q>, whose quotation marks the stylesheet gives in the page's language
 * (app.css): “ ” in English. Chromium's accessibility tree names the heading with them ("No results for
 * “xqzvwk”"), but Playwright's own name and text matching leave generated quotes out, so these tests match the
 * words and check the marks apart (`quotesAround`).
 */
const quotesAround = (q: import("@playwright/test").Locator) =>
  q.evaluate((el) => [el.localName, getComputedStyle(el).quotes, getComputedStyle(el, "::before").content]);
const ENGLISH_QUOTES = ["q", '"“" "”" "‘" "’"', "open-quote"];

/** The header's search form: the site search landmark, on every public page. */
const headerSearch = (page: import("@playwright/test").Page) => page.getByRole("search", { name: "Site search" });

test.describe("site search with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor who knows another spelling searches from the header and finds the community first", async ({ page }) => {
    await page.goto("/about");
    await headerSearch(page).getByRole("searchbox", { name: "Search the site" }).fill("Sabians");
    await headerSearch(page).getByRole("searchbox").press("Enter");
    await expect(page).toHaveURL(/\/search\?q=Sabians$/);
    const first = page.locator("main ol > li").first();
    await expect(first.getByRole("link")).toHaveText("Mandaeans");
    await expect(first.locator("mark").first()).toBeVisible();
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mandaeans");
  });

  test("filters by type and by community, and says how many of each there are", async ({ page }) => {
    await page.goto("/search?q=genocide");
    const types = page.getByRole("navigation", { name: "Type of result" });
    await expect(types.getByRole("link", { name: /^All \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
    await types.getByRole("link", { name: /^News \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/type=news/);
    await expect(types.getByRole("link", { name: /^News/ })).toHaveAttribute("aria-current", "page");
    const kinds = await page.locator("main ol > li > p:first-child").allTextContents();
    expect(kinds.length).toBeGreaterThan(0);
    for (const kind of kinds) expect(kind).toMatch(/^News · /);

    await page.getByLabel("Community").selectOption({ label: "Yazidis" });
    await page.getByRole("search", { name: "Search again" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/community=yazidis/);
    await expect(page).toHaveURL(/type=news/);
    for (const about of await page.locator("main ol > li > p:last-child").allTextContents()) expect(about).toContain("Yazidis");
  });

  test("pages through the results and back", async ({ page }) => {
    await page.goto("/search?q=ISIS");
    const pages = page.getByRole("navigation", { name: "Pages of results" });
    await expect(pages).toContainText(/Page 1 of \d+/);
    const firstPage = await page.locator("main ol > li h2").allTextContents();
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(pages).toContainText(/Page 2 of \d+/);
    await expect(page.locator("main ol")).toHaveAttribute("start", "11");
    const secondPage = await page.locator("main ol > li h2").allTextContents();
    expect(secondPage.filter((t) => firstPage.includes(t))).toEqual([]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages).toContainText(/Page 1 of \d+/);
  });

  test("a misspelling is corrected; asked for exactly, nothing is found and the correction is offered", async ({ page }) => {
    await page.goto("/search?q=genocde");
    await expect(page.getByText("Nothing was found for genocde. Showing results for")).toBeVisible();
    await expect(page.getByRole("heading", { name: /results? for genocide/ })).toBeVisible();
    await page.getByRole("link", { name: "Search only for genocde" }).click();
    await expect(page.getByRole("heading", { name: "No results for genocde" })).toBeVisible();
    await expect(page.getByText("Check the spelling")).toBeVisible();
    await page.getByRole("link", { name: "genocide", exact: true }).click();
    await expect(page.getByRole("heading", { name: /results? for genocide/ })).toBeVisible();
  });

  test("a search that finds nothing suggests what to try and where to go", async ({ page }) => {
    await page.goto("/search?q=xqzvwk");
    const heading = page.getByRole("heading", { name: "No results for xqzvwk" });
    await expect(heading).toBeVisible();
    expect(await quotesAround(heading.locator("q"))).toEqual(ENGLISH_QUOTES);
    await expect(page.getByRole("heading", { name: "Or go to a community's page" })).toBeVisible();
    await page.getByRole("link", { name: "Druze", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Druze");
  });

  test("the not-found page offers a search", async ({ page }) => {
    await page.goto("/communities/ezidis");
    const find = page.getByRole("search", { name: "Find the page" });
    await find.getByRole("searchbox").fill("ezidis");
    await find.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("main ol > li").first().getByRole("link")).toHaveText("Yazidis");
  });
});

test("a query holding markup is shown as text and runs nothing", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const q = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`;
  await page.goto(`/search?q=${encodeURIComponent(q)}`);
  await expect(page.getByRole("search", { name: "Search again" }).getByRole("searchbox")).toHaveValue(q);
  await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("<script>alert(1)</script>");
  await expect(page.locator("main img[src=x]")).toHaveCount(0);
  await expect(page).toHaveTitle(/“<script>alert\(1\)<\/script>/);
  expect(dialogs).toEqual([]);
});

test("a news result leads to its publisher with no Referer, so the query stays on this site", async ({ page }) => {
  const referers: (string | undefined)[] = [];
  // The publisher is answered here: tests send nothing to other hosts.
  await page.route(/^https:\/\/(?!localhost)/, (route) => {
    referers.push(route.request().headers()["referer"]);
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>Publisher</title>" });
  });
  await page.goto("/search?q=Yazidi&type=news");
  await page.locator("main ol > li").first().getByRole("link").click();
  await expect(page).toHaveTitle("Publisher");
  expect(referers).toEqual([undefined]);
});

// Results with filters and pages, a corrected query, a correction offered, and nothing found.
for (const path of ["/search?q=ISIS&community=yazidis", "/search?q=genocde", "/search?q=genocde&exact=1", "/search?q=xqzvwk"])
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
