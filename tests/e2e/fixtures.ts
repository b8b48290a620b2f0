import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** axe on each page, each in a test of its own. */
export function axeEachPage(paths: readonly string[]) {
  test.describe("accessibility", () => {
    // Reduced motion: nothing waits hidden for a scroll, so axe sees every section as a reader would.
    test.use({ reducedMotion: "reduce" });
    for (const path of paths) {
      test(`axe finds nothing on ${path}`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("main h1")).toHaveCount(1);
        await expectNoAxeViolations(page);
      });
    }
  });
}

/** Every request a page makes to a host other than the site itself: there must be none unasked. */
function trackForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:") foreign.push(r.url());
  });
  return foreign;
}

export async function expectNoAxeViolations(page: Page) {
  // The markup is the same whichever database holds the data: checked once, on the embedded one.
  if (test.info().project.name === "staff-postgres") return;
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // Violations are all the test reads: axe then skips building selectors for the elements that pass
    // (axe-core's API docs, "Performance").
    .options({ resultTypes: ["violations"] })
    // axe.run in the page itself. The default runs it frame by frame and opens a blank page to join the parts,
    // injecting axe twice more; it is for frames, and no page here has one: an embed's frame appears only once
    // its visitor consents (ClickToLoad). A third less time a page: 0.52 s against 0.84 s, on 24 pages.
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  expect(summary).toEqual([]);
}

export const test = base.extend<{ foreignRequests: string[] }>({
  foreignRequests: async ({ page }, use) => {
    await use(trackForeignRequests(page));
  },
});
export { expect };
