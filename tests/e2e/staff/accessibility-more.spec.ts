/**
 * axe on the rest of the staff area's pages, on the desktop: each is built from the parts that
 * accessibility.spec.ts checks on a phone too (lists, editors, a page's fields and list rows).
 */
import { test } from "./fixtures";
import { expectAccessible } from "./helpers";

test.describe.configure({ timeout: 60_000 });

test.describe("every other list and settings page of the staff area", () => {
  for (const path of [
    "/admin/volunteers",
    "/admin/messages?folder=spam",
    "/admin/news",
    "/admin/news?community=yazidis",
    "/admin/site/pages",
    "/admin/site/partners",
    "/admin/site/pages/pages/about",
    // A legal page's date.
    "/admin/site/pages/pages/privacy-policy",
    // A page with source warnings.
    "/admin/site/pages/communities/amazigh",
    "/admin/account",
    "/admin/accounts",
  ]) {
    test(path, async ({ adminPage: page }) => {
      await page.goto(path);
      await expectAccessible(page);
    });
  }
});
