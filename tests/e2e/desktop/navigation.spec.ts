import { expect, test } from "../fixtures";

test.describe("desktop navigation", () => {
  test("holds the navigation's links, the three dropdowns and DONATE", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    for (const name of ["Home", "About", "Contact", "Join Us", "DONATE"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home", exact: true })).toHaveAttribute("aria-current", "page");

    await nav.locator("summary", { hasText: "Our Team" }).click();
    await expect(nav.getByRole("link", { name: "Board of Directors" })).toHaveAttribute("href", "/team/board-of-directors");
    await expect(nav.getByRole("link", { name: "Board of Advisors" })).toHaveAttribute("href", "/team/board-of-advisors");

    await nav.locator("summary", { hasText: "Common Bond Communities" }).click();
    await expect(nav.locator("summary", { hasText: "Our Team" }).locator("..")).not.toHaveAttribute("open", "");
    const communityLinks = nav.locator('a[href^="/communities/"]');
    await expect(communityLinks).toHaveCount(22);
    await expect(nav.getByRole("link", { name: "Christians (Various)" })).toHaveAttribute("href", "/communities/christians");

    await nav.locator("summary", { hasText: "Same Ideology, Same Playbook" }).click();
    const articles = nav.locator('a[href^="/ideology/"]');
    await expect(articles).toHaveCount(10);
    const labels = await articles.allTextContents();
    expect(labels[0]).toBe("Same Ideology, Same Playbook");
    for (const label of labels.slice(1)) expect(label).toMatch(/^Same Playbook: /);
    expect(labels).toContain("Same Playbook: Subjugation and Erasure");
  });

  test("a dropdown works from the keyboard: Enter opens, Escape closes and focus returns", async ({ page }) => {
    await page.goto("/about");
    const summary = page.getByRole("navigation", { name: "Main", exact: true }).locator("summary", { hasText: "Our Team" });
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(summary.locator("..")).toHaveAttribute("open", "");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Board of Directors" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(summary.locator("..")).not.toHaveAttribute("open", "");
    await expect(summary).toBeFocused();
  });

  test("a click outside closes an open dropdown", async ({ page }) => {
    await page.goto("/about");
    const details = page.locator("details[data-nav-dropdown]", { hasText: "Our Team" });
    await details.locator("summary").click();
    await expect(details).toHaveAttribute("open", "");
    await page.locator("main h1").click();
    await expect(details).not.toHaveAttribute("open", "");
  });

  test("marks the current page in its dropdown", async ({ page }) => {
    await page.goto("/communities/copts");
    const nav = page.getByRole("navigation", { name: "Main", exact: true });
    await expect(nav.locator("summary.nav-link-active")).toHaveText("Common Bond Communities");
    await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute("href", "/communities/copts");
  });

  test.describe("with JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("a dropdown still opens and its links work", async ({ page }) => {
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main", exact: true });
      await nav.locator("summary", { hasText: "Common Bond Communities" }).click();
      await nav.getByRole("link", { name: "Yazidis" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yazidis");
    });
  });
});
