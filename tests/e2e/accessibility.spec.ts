import { CONTENT_PAGES, expect, expectNoAxeViolations, test } from "./fixtures";

test.describe("accessibility", () => {
  // Reduced motion: nothing waits hidden for a scroll, so axe sees every section as a reader would.
  test.use({ reducedMotion: "reduce" });

  for (const path of CONTENT_PAGES) {
    test(`axe finds nothing on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("main h1")).toHaveCount(1);
      await expectNoAxeViolations(page);
    });
  }
});
