import { PAGE_KINDS } from "../helpers/pages";
import { expect, test } from "./fixtures";

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  // Hidden-until-revealed is a template's doing, not its content's: a page of each kind.
  for (const path of PAGE_KINDS) {
    test(`${path} is complete and nothing on it stays hidden`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main h1"), path).toBeVisible();
      await expect(page.locator(".reveal-hidden"), path).toHaveCount(0);
      // CSS entrance animations run without script too; they must all end with everything visible.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
      const hiddenByOpacity = await page
        .locator("main section, main article, main li")
        .evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity === "0").length);
      expect(hiddenByOpacity, path).toBe(0);
    });
  }

  test("the home page shows its first slide and every section", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("[data-slide][data-active] img")).toBeVisible();
    for (const heading of ["Our Mission", "Please Take Three Minutes to Watch This Video", "Join Our Alliance"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: /Watch on YouTube/ })).toBeVisible();
  });

  test("the donation page still offers the hosted donation link", async ({ page }) => {
    await page.goto("/donate");
    await expect(page.getByRole("link", { name: /secure page/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Open the donation page/ })).toBeVisible();
  });
});
