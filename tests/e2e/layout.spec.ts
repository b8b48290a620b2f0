import { expect, test } from "./fixtures";

test.describe("shared layout", () => {
  test("header: five social links opening in a new tab, and the contact email", async ({ page }) => {
    await page.goto("/");
    const social = page.getByRole("list", { name: "Follow us" }).getByRole("link");
    await expect(social).toHaveCount(5);
    for (const name of ["X", "Instagram", "TikTok", "YouTube", "Facebook"]) {
      const link = page.getByRole("link", { name: `${name} (opens in a new tab)`, exact: true });
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    await expect(page.locator("header").getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  });

  test("footer: terms and privacy links and the 2025 copyright", async ({ page }) => {
    await page.goto("/about");
    const footer = page.locator("footer");
    await expect(footer).toContainText("© 2025");
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.locator("main")).toContainText("October 20, 2025");
    await page.locator("footer").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
    await expect(page.locator("main")).toContainText("California");
  });

  test("the skip link is the first stop for the keyboard and moves focus to the content", async ({ page }) => {
    await page.goto("/partners");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("no page asks another host for anything before the visitor does", async ({ page, foreignRequests }) => {
    for (const path of ["/", "/about", "/donate", "/partners", "/communities/yazidis", "/ideology/rape-sexual-assault-slavery"]) {
      await page.goto(path);
      await page.mouse.wheel(0, 4000);
      await page.waitForLoadState("networkidle");
    }
    expect(foreignRequests).toEqual([]);
  });

  test("a hash that names a section scrolls to it", async ({ page }) => {
    await page.goto("/about#our-approach");
    await expect(page.locator("#our-approach")).toBeInViewport();
    await expect(page.locator("#our-approach")).toBeFocused();
  });

  test("a link to a section of the page scrolls to it smoothly", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "All for One, One for All" }).click();
    await expect(page).toHaveURL(/\/about#our-approach$/);
    await expect(page.locator("#our-approach")).toBeInViewport();
  });

  test("a new page starts at the top", async ({ page }) => {
    await page.goto("/privacy-policy");
    await page.mouse.wheel(0, 3000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.locator("footer").getByRole("link", { name: "Terms of Use" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe("sections reveal on scroll", () => {
  test("a section below the fold is hidden until scrolled into view, then stays", async ({ page }) => {
    await page.goto("/");
    const join = page.locator("section", { has: page.getByRole("heading", { name: "Join Our Alliance" }) });
    await expect(join).toHaveClass(/reveal-hidden/);
    await join.scrollIntoViewIfNeeded();
    await expect(join).not.toHaveClass(/reveal-hidden/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(join).not.toHaveClass(/reveal-hidden/);
  });

  test("nothing is hidden under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await expect(page.locator(".reveal-hidden")).toHaveCount(0);
  });
});

test("no page scrolls sideways, even on a 360 px phone", async ({ page }, testInfo) => {
  if (testInfo.project.name === "phone") await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    "/",
    "/about",
    "/communities/nigerian-christians",
    "/ideology/dehumanizing-propaganda",
    "/team/board-of-directors",
    "/donate",
    "/privacy-policy",
    "/contact",
    "/join-us",
    // What a visitor types is shown in a heading; one long word must wrap there too.
    `/search?q=${"Ezidikhan".repeat(8)}`,
  ]) {
    await page.goto(path);
    // Against the layout width: a phone zooms out to fit a page that overflows, so innerWidth grows with it.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

test("the header fits a 1280 px laptop screen", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/ideology/kidnapping");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(page.locator("header").getByRole("link", { name: "DONATE" }).first()).toBeInViewport();
});
