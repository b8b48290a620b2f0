/**
 * A language's interface text reviewed, then strings added or changed by a later release, seen in the browser:
 * the Site page lists it with how many, its page marks each such string in words (checked with axe), and marking
 * it reviewed again clears them. The test stands for a later release by taking a string out of the review's
 * record in the database, which only the PostgreSQL server lets another process do;
 * app/content/interface-text.test.ts checks the same rules on both databases.
 */
import pg from "pg";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./helpers";

test(
  "strings added or changed since a language's review are listed, marked on its page, and cleared by reviewing it again",
  { tag: "@storage" },
  async ({ staffPage: page }, testInfo) => {
    const { DATABASE_URL } = (testInfo.project.metadata as { staffEnv: { DATABASE_URL: string } }).staffEnv;
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      await page.goto("/admin/site/interface-text/fa");
      await page.getByRole("button", { name: /^Mark as reviewed ?: Persian interface text$/ }).click();
      await expect(page.getByRole("status")).toHaveText("Persian: marked as reviewed by a native speaker.");
      // A later release: nav.home is a string the review did not read.
      await db.query("update interface_reviews set strings = strings - 'nav.home' where language = 'fa'");

      await page.goto("/admin/site");
      await page.getByRole("link", { name: /^Persian interface text: 1 string added or changed since the review on / }).click();
      await expect(page.getByRole("region", { name: "Review by a native speaker" })).toContainText(
        /Reviewed by .+ on .+; 1 string added or changed since awaits review\./,
      );
      await page.locator("summary", { hasText: "Main menu" }).click();
      await expect(page.locator("summary", { hasText: "Main menu" })).toContainText("1 new since the review");
      await expect(page.getByLabel(/^nav\.home/)).toHaveAccessibleDescription(/^New since the review A native speaker has not read/);
      await expect(page.getByLabel(/^nav\.about/)).not.toHaveAccessibleDescription(/New since the review/);
      await page.locator("details").evaluateAll((groups) => groups.forEach((group) => ((group as HTMLDetailsElement).open = true)));
      await expectAccessible(page);

      await page.getByRole("button", { name: /^Mark as reviewed again ?: Persian interface text$/ }).click();
      await expect(page.getByRole("status")).toHaveText("Persian: marked as reviewed by a native speaker.");
      await expect(page.getByText(/since awaits? review/)).toHaveCount(0);
      await page.locator("details").evaluateAll((groups) => groups.forEach((group) => ((group as HTMLDetailsElement).open = true)));
      await expect(page.getByLabel(/^nav\.home/)).toBeVisible();
      await expect(page.getByLabel(/^nav\.home/)).not.toHaveAccessibleDescription(/New since the review/);
      await page.goto("/admin/site");
      await expect(page.getByRole("link", { name: /^Persian interface text/ })).toHaveCount(0);
    } finally {
      await db.end();
    }
    // Put it back for the other tests: Persian awaiting its review, as shipped.
    await page.goto("/admin/site/interface-text/fa");
    await page.getByRole("button", { name: /^Mark as not reviewed ?: Persian interface text$/ }).click();
    await expect(page.getByRole("status")).toContainText("marked as not reviewed");
  },
);
