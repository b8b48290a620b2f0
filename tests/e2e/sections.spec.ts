import { expect, test } from "./fixtures";

test.describe("communities", () => {
  test("the index lists all 22, with christians labelled Christians (Various)", async ({ page }) => {
    await page.goto("/communities");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Common Bond Communities:");
    const links = page.locator("main a[href^='/communities/']");
    await expect(links).toHaveCount(22);
    await expect(page.locator("main a[href='/communities/christians']")).toContainText("Christians (Various)");
  });

  test("a community page: hero with its crop, credit line, one h1, Under Attack and its sections", async ({ page }) => {
    await page.goto("/communities/yazidis");
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("h1")).toHaveText("Yazidis");
    const hero = page.locator("main figure img").first();
    await expect(hero).toHaveAttribute("style", /object-position/);
    await expect(page.locator("main figure figcaption")).not.toBeEmpty();
    await expect(page.getByRole("heading", { name: "Under Attack", level: 2 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest News" })).toBeVisible();
    await expect(page.getByText("Recent updates and news about the Yazidi community")).toBeVisible();
  });

  test("the christians page links to other community pages; jews has a caption; iranians its own news line", async ({ page }) => {
    await page.goto("/communities/christians");
    await expect(page.locator("section[aria-labelledby=under-attack] a[href='/communities/copts']")).toBeVisible();
    await page.goto("/communities/jews");
    await expect(page.locator("main figure figcaption")).toContainText("Placeholder artwork");
    await page.goto("/communities/iranians");
    await expect(page.getByText(/^Recent updates and news about the Iranian community$/)).toHaveCount(0);
    await expect(page.locator("aside[aria-labelledby=latest-news] > p").first()).not.toBeEmpty();
  });

  test("sections enter 700 ms apart in a stagger, news from 1100 ms, 200 ms apart", async ({ page }) => {
    await page.goto("/communities/copts");
    const delays = await page.locator("main .enter").evaluateAll((els) => els.map((e) => getComputedStyle(e).animationDelay));
    const durations = await page.locator("main .enter").evaluateAll((els) => els.map((e) => getComputedStyle(e).animationDuration));
    expect(new Set(durations)).toEqual(new Set(["0.7s"]));
    expect(delays.slice(0, 3)).toEqual(["0s", "0.15s", "0.3s"]);
    const newsDelays = await page.locator("aside .enter").evaluateAll((els) => els.map((e) => getComputedStyle(e).animationDelay));
    newsDelays.forEach((d, i) => expect(d).toBe(`${(1100 + 200 * i) / 1000}s`));
  });

  test("Sikhs have no news yet: the page says so", async ({ page }) => {
    await page.goto("/communities/sikhs");
    await expect(page.getByText("News and updates for this community will be posted here as they become available.")).toBeVisible();
  });
});

test.describe("ideology articles", () => {
  test("each of the 10 articles answers with its title and body", async ({ page }) => {
    await page.goto("/ideology/same-ideology");
    const sections = await page
      .locator("nav[aria-label='Main'] a[href^='/ideology/']")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
    expect(sections).toHaveLength(10);
    for (const href of sections) {
      await page.goto(href);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("article h2").first()).toBeVisible();
      await expect(page.locator("article strong").first()).toBeVisible();
      expect((await page.locator("article").innerText()).split(/\s+/).length).toBeGreaterThan(300);
    }
  });

  test("community lists read NAME: description and fade in 0.1 s apart (kidnapping)", async ({ page }) => {
    await page.goto("/ideology/kidnapping");
    const items = page.locator("ul[aria-label='Communities targeted'] li");
    expect(await items.count()).toBeGreaterThan(3);
    await expect(items.first()).toContainText(/^\S.*: /);
    const delays = await items.evaluateAll((els) => els.map((e) => getComputedStyle(e).getPropertyValue("--reveal-delay")));
    delays.forEach((d, i) => expect(d).toBe(`${i * 100}ms`));
  });

  test("video articles carry a click-to-load player", async ({ page }) => {
    for (const path of ["/ideology/rape-sexual-assault-slavery", "/ideology/mass-displacement-ethnic-cleansing"]) {
      await page.goto(path);
      await expect(page.getByRole("button", { name: "Load video from YouTube" })).toBeAttached();
    }
  });

  test("Common Bond Community Perspectives: two posts on kidnapping, one each on displacement and cruelty", async ({ page }) => {
    for (const [path, n] of [
      ["/ideology/kidnapping", 2],
      ["/ideology/mass-displacement-ethnic-cleansing", 1],
      ["/ideology/sadistic-cruelty", 1],
    ] as const) {
      await page.goto(path);
      const card = page.locator("section[aria-labelledby=perspectives]");
      await expect(card.getByRole("heading", { name: "Common Bond Community Perspectives" })).toBeVisible();
      await expect(card.getByRole("button", { name: /^Load post from/ })).toHaveCount(n);
    }
  });

  test("a post loads only when asked: the provider's script is awaited and processed", async ({ page }) => {
    let scriptRequests = 0;
    // A local stand-in for the provider's script: it defines its global after a while, as real ones do.
    await page.route("https://www.tiktok.com/embed.js", (route) => {
      scriptRequests++;
      return route.fulfill({
        contentType: "text/javascript",
        body: `setTimeout(() => { window.tiktokEmbed = { lib: { render(el) { for (const b of el.querySelectorAll("blockquote.tiktok-embed")) { const f = document.createElement("iframe"); f.title = "stub post"; f.srcdoc = "stub"; b.replaceWith(f); } } } }; }, 300);`,
      });
    });
    await page.goto("/ideology/kidnapping");
    const first = page.locator("section[aria-labelledby=perspectives] [data-embed]").first();
    expect(scriptRequests).toBe(0);
    await first.getByRole("button", { name: "Load post from TikTok" }).click();
    await expect(first.locator("iframe[title='stub post']")).toBeAttached();
    await expect(first).toHaveAttribute("data-embed-state", "loaded", { timeout: 8000 });
    expect(scriptRequests).toBe(1);
    await expect(first.locator("[data-embed-failed]")).toBeHidden();
  });

  test("a post whose script fails leaves a plain link to it", async ({ page }) => {
    await page.route("https://platform.twitter.com/**", (route) => route.abort());
    await page.goto("/ideology/dehumanizing-propaganda");
    const panel = page.locator("aside[aria-labelledby=labels]");
    await expect(panel.locator("dt").first()).toBeVisible();
    await panel.getByRole("button", { name: "Load post from X" }).click();
    await expect(panel.getByRole("link", { name: /View it on X/ })).toBeVisible();
  });
});

test.describe("team", () => {
  for (const [path, count, detail] of [
    ["/team/board-of-directors", 14, "/team/director/"],
    ["/team/board-of-advisors", 12, "/team/advisor/"],
  ] as const) {
    test(`${path}: ${count} cards with photo, name and title`, async ({ page }) => {
      await page.goto(path);
      const cards = page.locator("[data-team-grid] > li");
      await expect(cards).toHaveCount(count);
      for (const card of (await cards.all()).slice(0, 3)) {
        await expect(card.locator("img")).toHaveAttribute("alt", /^Portrait of /);
        await expect(card.locator("a")).toHaveAttribute("href", new RegExp(`^${detail}`));
      }
    });
  }

  test("a member page: photo, name, title, biography; advisors link back to their board", async ({ page }) => {
    await page.goto("/team/board-of-advisors");
    await page.locator("[data-team-grid] a").first().click();
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main img")).toBeVisible();
    await expect(page.locator("main")).toContainText("Advisor");
    await expect(page.locator("main .prose-content strong")).toBeVisible();
    await page.getByRole("link", { name: /Back to Board of Advisors/ }).click();
    await expect(page).toHaveURL(/\/team\/board-of-advisors$/);
  });
});

test.describe("SEO", () => {
  test("each page has a title, description, canonical URL and social card", async ({ page }) => {
    for (const path of ["/", "/communities/copts", "/ideology/kidnapping", "/team/advisor/ruth-example"]) {
      await page.goto(path);
      await expect(page).toHaveTitle(/\S/);
      await expect(page.locator("meta[name=description]")).toHaveAttribute("content", /.{30,}/);
      await expect(page.locator("link[rel=canonical]")).toHaveAttribute("href", new RegExp(`${path === "/" ? "/$" : `${path}$`}`));
      await expect(page.locator("meta[property='og:image']")).toHaveAttribute("content", /^http/);
      await expect(page.locator("meta[name='twitter:card']")).toHaveAttribute("content", "summary_large_image");
    }
  });

  test("structured data: NGO on home, Article on articles, Person on team pages", async ({ page }) => {
    const types = async () =>
      page.locator("script[type='application/ld+json']").evaluateAll((s) => s.map((e) => JSON.parse(e.textContent!)["@type"]));
    await page.goto("/");
    expect(await types()).toContain("NGO");
    await page.goto("/ideology/forced-conversion");
    expect(await types()).toContain("Article");
    await page.goto("/team/director/amira-placeholder");
    expect(await types()).toContain("Person");
  });

  test("sitemap.xml lists every public page", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(urls).toContain("/communities/nigerian-christians");
    expect(urls).toContain("/ideology/mass-killings-genocide");
    expect(urls.filter((u) => /^\/communities\/[\w-]+$/.test(u))).toHaveLength(22);
    expect(urls.filter((u) => /^\/communities\/[\w-]+\/news$/.test(u))).toHaveLength(22);
    expect(urls.filter((u) => u.startsWith("/ideology/"))).toHaveLength(10);
    expect(urls.filter((u) => u.startsWith("/team/director/"))).toHaveLength(14);
    expect(urls.filter((u) => u.startsWith("/team/advisor/"))).toHaveLength(12);
  });
});
