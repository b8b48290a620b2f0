import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, test } from "./fixtures";

const hydrated = (page: Page) => page.waitForFunction(() => "__reactRouterDataRouter" in window);

/**
 * A form page, once React Router has taken it over. React waits for the visitor's first use (app/entry.client.tsx):
 * a key press is one that moves nothing, pressed until the scripts, which can arrive after the load event that goto
 * waits for (app/entry.server.tsx), have heard one.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect
    .poll(async () => {
      await page.keyboard.press("Shift");
      return page.evaluate(() => "__reactRouterDataRouter" in window);
    })
    .toBe(true);
}

test("a form page waits for its first use to hydrate, and keeps what was typed meanwhile", async ({ page }) => {
  await page.goto("/fa/contact");
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(false);
  const email = page.locator("#email");
  // The first key lands before React has the page; every key must still be there once it has.
  await email.pressSequentially("layla@example.org");
  await hydrated(page);
  await expect(email).toHaveValue("layla@example.org");
  // React's validation answers in the page, without asking the server.
  const posts: string[] = [];
  page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
  await page.locator("main form button[type=submit]").click();
  await expect(page.locator("#name-error")).toBeVisible();
  await expect(page.locator("#email-error")).toHaveCount(0);
  await expect(email).toHaveValue("layla@example.org");
  expect(posts).toEqual([]);
});

test.describe("contact form", () => {
  test("validates on submit, then on every change, with errors tied to their fields", async ({ page }) => {
    await open(page, "/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact Us");
    await page.getByRole("button", { name: "Send Message" }).click();
    const name = page.getByLabel("Name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAttribute("aria-describedby", "name-error");
    await expect(page.locator("#name-error")).toHaveText("Name is required");
    await expect(page.locator("#email-error")).toHaveText("Invalid email address");
    await expect(page.locator("#subject-error")).toHaveText("Subject is required");
    await expect(page.locator("#message-error")).toHaveText("Message is required");
    await expect(page.locator("#agree_to_terms-error")).toHaveText("You must agree to the Privacy Policy and Terms of Use");
    await expect(name).toBeFocused();
    await name.fill("x".repeat(51));
    await expect(page.locator("#name-error")).toHaveText("Name must be less than 50 characters");
    await name.fill("Layla");
    await expect(page.locator("#name-error")).toHaveCount(0);
    await expect(name).not.toHaveAttribute("aria-invalid", "true");
  });

  test("marks required fields, and the consent links to both legal pages", async ({ page }) => {
    await open(page, "/contact");
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      await expect(page.locator(`label[for=${label.toLowerCase()}]`)).toContainText("*");
    }
    const consent = page.locator("label[for=agree_to_terms]");
    await expect(consent.locator("a[href='/privacy-policy']")).toBeVisible();
    await expect(consent.locator("a[href='/terms-of-use']")).toBeVisible();
  });

  test("sends: Sending... while busy, then the toast and an empty form", async ({ page }) => {
    await open(page, "/contact");
    await page.getByLabel("Name").fill("Layla Example");
    await page.getByLabel("Email").fill("layla@example.org");
    await page.getByLabel("Subject").fill("Partnership");
    await page.getByLabel("Message").fill("We would like to work with you. <b>bold?</b> שלום 🕊️");
    await page.getByLabel(/I agree to the/).check();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/contact.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    const busy = page.getByRole("button", { name: "Sending..." });
    await expect(busy).toBeDisabled();
    release();
    const toast = page.locator("[data-toast=success]");
    await expect(toast).toContainText("Message sent!");
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon.");
    await expect(page.locator("[role=status][data-outcome=success]")).toContainText("Thank you for contacting us.");
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(page.getByLabel(/I agree to the/)).not.toBeChecked();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await expect(toast).toHaveCount(0);
  });

  test("a double click sends one submission", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/contact")) posts.push(r.url());
    });
    await open(page, "/contact");
    await page.getByLabel("Name").fill("Double Click");
    await page.getByLabel("Email").fill("dbl@example.org");
    await page.getByLabel("Subject").fill("Twice?");
    await page.getByLabel("Message").fill("Only once, please.");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Send Message" }).dblclick();
    await expect(page.locator("[data-toast=success]")).toBeVisible();
    expect(posts).toHaveLength(1);
  });

  test("a failed send keeps every value and says so", async ({ page }) => {
    await open(page, "/contact");
    await page.getByLabel("Name").fill("Offline Visitor");
    await page.getByLabel("Email").fill("offline@example.org");
    await page.getByLabel("Subject").fill("Lost connection");
    await page.getByLabel("Message").fill("This must not be lost.");
    await page.getByLabel(/I agree to the/).check();
    await page.route("**/contact.data*", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = page.locator("[data-toast=error]");
    await expect(toast).toContainText("Error");
    await expect(toast).toContainText("Failed to send message. Please try again.");
    await expect(page.locator("[role=alert][data-outcome=error]")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Offline Visitor");
    await expect(page.getByLabel("Message")).toHaveValue("This must not be lost.");
    await expect(page.getByLabel(/I agree to the/)).toBeChecked();
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  test("in Persian: validates live in Persian, then sends to /fa/contact and says so in Persian (issue 34)", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && posts.push(new URL(r.url()).pathname));
    await open(page, "/fa/contact");
    await page.getByRole("button", { name: "ارسال پیام" }).click();
    await expect(page.locator("#subject-error")).toHaveText("وارد کردن موضوع الزامی است");
    const name = page.getByLabel("نام");
    await name.fill("ن".repeat(51));
    await expect(page.locator("#name-error")).toHaveText("نام باید کمتر از ۵۰ نویسه باشد");
    await name.fill("شیرین");
    await page.getByLabel("ایمیل").fill("shirin@example.org");
    await page.getByLabel("موضوع").fill("سلام");
    await page.locator("#message").fill("متن پیام");
    await page.locator("#agree_to_terms").check();
    await page.getByRole("button", { name: "ارسال پیام" }).click();
    await expect(page.locator("[data-toast=success]")).toContainText("پیام ارسال شد!");
    expect(posts).toEqual(["/fa/contact.data"]);
  });

  test("the partnership button fills in the subject", async ({ page }) => {
    await page.goto("/partners");
    await page.getByRole("link", { name: "Contact Us About Partnership" }).click();
    await expect(page.getByLabel("Subject")).toHaveValue("Partnership");
  });

  test("passes axe with errors showing", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#name-error")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("join form", () => {
  test("shows the description only while Other is ticked, and requires it then", async ({ page }) => {
    await open(page, "/join-us");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Join Us");
    await expect(page.locator("main")).toContainText("resistance");
    await expect(page.getByRole("checkbox")).toHaveCount(11);
    const other = page.getByLabel("Other (please describe below)");
    await expect(page.getByLabel("Describe your other interest")).toHaveCount(0);
    await other.check();
    await expect(page.getByLabel("Describe your other interest")).toBeVisible();
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.locator("#other_description-error")).toHaveText("Please describe your other interest");
    await other.uncheck();
    await expect(page.getByLabel("Describe your other interest")).toHaveCount(0);
    await page.getByLabel("Other (please describe below)").check();
    await expect(page.getByLabel("Describe your other interest")).toBeVisible();
  });

  test("requires an interest, then joins: Submitting..., the toast, a fresh form", async ({ page }) => {
    await open(page, "/join-us");
    await page.getByLabel("Name").fill("Sam Example");
    await page.getByLabel("Email").fill("sam@example.org");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.locator("#interests-error")).toHaveText("Please select at least one area of interest");
    await page.getByLabel("Research / Fact-Checking").check();
    await expect(page.locator("#interests-error")).toHaveCount(0);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/join-us.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    await expect(page.locator("[data-toast=success]")).toContainText("Success!");
    await expect(page.locator("[data-toast=success]")).toContainText("Thank you for joining the resistance! We'll be in touch soon.");
    await expect(page.getByLabel("Name")).toHaveValue("");
    await expect(page.getByLabel("Research / Fact-Checking")).not.toBeChecked();
  });

  test("a failure shows the error's message, keeps the form and logs it", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (m) => m.type() === "error" && logged.push(m.text()));
    await open(page, "/join-us");
    await page.getByLabel("Name").fill("Kept Name");
    await page.getByLabel("Email").fill("kept@example.org");
    await page.getByLabel("Fundraising").check();
    await page.getByLabel(/I agree to the/).check();
    await page.route("**/join-us.data*", (route) => route.abort("connectionreset"));
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.locator("[data-toast=error]")).toContainText("Failed to submit form. Please try again.");
    await expect(page.getByLabel("Name")).toHaveValue("Kept Name");
    await expect(page.getByLabel("Fundraising")).toBeChecked();
    expect(logged.some((l) => l.includes("Join form submission failed"))).toBe(true);
  });

  test("passes axe with errors showing", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/join-us");
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.locator("#interests-error")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

// The browser's Intl has fewer languages than the server's (Chromium has no Sorani): a number written in another
// language's digits on one side only makes React throw the server's page away and render it again.
test("each form hydrates in every language as the server rendered it", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const prefix of ["", "/ar", "/fa", "/ckb", "/ku", "/fr"]) {
    for (const form of ["/contact", "/join-us"]) {
      await open(page, prefix + form);
      // React says a mismatch once it has hydrated, after the router is made.
      await page.waitForLoadState("networkidle");
    }
  }
  expect(errors).toEqual([]);
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("contact: the server shows the messages beside the fields and keeps the values", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Message").fill("Kept without JavaScript");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.locator("#email-error")).toHaveText("Invalid email address");
    await expect(page.locator("#subject-error")).toHaveText("Subject is required");
    await expect(page.getByLabel("Name")).toHaveValue("No Script");
    await expect(page.getByLabel("Message")).toHaveValue("Kept without JavaScript");
  });

  test("join: the description field shows with its note, and a valid form is confirmed in the toast's words", async ({ page }) => {
    await page.goto("/join-us");
    await expect(page.getByLabel("Describe your other interest")).toBeVisible();
    await expect(page.locator("#other_description-hint")).toContainText("Only if you chose");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill("noscript@example.org");
    await page.getByLabel("Community Building").check();
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Join the Alliance" }).click();
    await expect(page.locator("[data-outcome=success]")).toContainText("Thank you for joining the resistance! We'll be in touch soon.");
  });
});
