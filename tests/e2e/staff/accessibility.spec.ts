/**
 * axe on a page of every kind in the staff area, on the desktop and on a phone (this file is the staff test the
 * phone project runs), and the main actions reached by keyboard.
 */
import type { Locator } from "@playwright/test";
import { totpNow } from "../../helpers/totp";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";
import { expectAccessible, sendMessage, STRONG_PASSWORD } from "./helpers";

// axe takes seconds a page, more on the emulated phone.
test.describe.configure({ timeout: 60_000 });

test("sign-in and setup pages", async ({ page, setupLink }) => {
  // Six axe checks and the whole setup, which hashes the password.
  test.slow();
  await page.goto("/admin/login");
  await expectNoAxeViolations(page);
  await page.goto(new URL(setupLink).pathname);
  await expectNoAxeViolations(page);
  await page.getByLabel(/^New password \*?$/).fill("password1234");
  await page.getByLabel(/^New password again/).fill("password1234");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^New password \*?$/).fill(STRONG_PASSWORD);
  await page.getByLabel(/^New password again/).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const key = (await page.getByTestId("setup-key").textContent())!.trim();
  await expectNoAxeViolations(page);
  await page.getByLabel(/^Code from the app/).fill(await totpNow(key));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  await expectNoAxeViolations(page);
  // The account has not been given the inbox: its inbox is locked, and the unlock page says why.
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "The inbox is locked" })).toBeVisible();
  await expectNoAxeViolations(page);
});

// A page of each kind, one test a page: each needs only the worker's admin, and many axe runs in one test
// outlast its budget on a busy machine. The other pages are built from the same parts (a list with other
// filters, a page editor with other fields). A message, its correction page and a person's records: below.
test.describe("a page of each kind in the staff area", () => {
  for (const path of [
    "/admin/messages",
    "/admin/news",
    "/admin/news/new",
    "/admin/site",
    "/admin/site/settings",
    "/admin/site/pages",
    "/admin/site/partners",
    "/admin/site/people",
    "/admin/site/people/directors/amira-placeholder",
    // A page's fields with source warnings; lists of a set length (the home page's cards and slides).
    "/admin/site/pages/communities/amazigh",
    "/admin/site/pages/pages/home",
    "/admin/site/history?path=communities/yazidis.md",
    // A translation: each field beside its English, right to left.
    "/admin/site/translation/ar?path=communities/yazidis.md",
    // The languages; one right to left, every group open, so axe sees every field and its English.
    "/admin/site/interface-text",
    "/admin/site/interface-text/ckb",
    "/admin/people",
    // The recovery form; the locked inbox is checked in inbox.spec.ts.
    "/admin/unlock?recovery",
    "/admin/audit",
    "/admin/account",
    "/admin/accounts",
    "/admin/inbox-key",
    "/admin/nowhere",
  ]) {
    test(path, async ({ adminPage: page }) => {
      await page.goto(path);
      // The Interface text page keeps each group of strings in a closed <details>: open them for axe.
      if (path.startsWith("/admin/site/interface-text/"))
        await page.locator("details").evaluateAll((groups) => groups.forEach((group) => ((group as HTMLDetailsElement).open = true)));
      await expectAccessible(page);
    });
  }
});

test("a message by keyboard alone, its correction page, and a person's records", async ({ adminPage: page, request }) => {
  // Five axe checks, and a key press and a look at the focus for each Tab.
  test.slow();
  const sent = await sendMessage(request, { subject: `Accessible ${Date.now()}` });
  await request.post("/api/submit-join-us-form", {
    data: { name: "Rami", email: sent.email, interests: ["Fundraising"], community: "Druze", agree_to_terms: true },
  });

  // From the top of the inbox, Tab reaches the search box, then the message; Enter opens it.
  await page.goto(`/admin/messages?q=${encodeURIComponent(sent.subject)}`);
  const focusByTab = async (target: Locator, limit: number) => {
    for (let i = 0; i < limit && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(target).toBeFocused();
  };
  await focusByTab(page.getByRole("searchbox", { name: "Search" }), 30);
  await focusByTab(page.getByRole("link", { name: sent.name }), 20);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New contact message: ${sent.subject}`);
  await expectAccessible(page);
  await page.getByRole("link", { name: "Correct details" }).click();
  await expect(page.getByRole("heading", { name: "Correct details" })).toBeVisible();
  await expectAccessible(page);

  await page.goto("/admin/people");
  await page.getByLabel(/^Email address/).fill(sent.email);
  await page.getByLabel(/^Email address/).press("Enter");
  await expect(page.getByRole("table", { name: /Submissions from/ }).getByRole("row")).toHaveCount(3);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Delete everything…" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectAccessible(page);
});
