import { readFile } from "node:fs/promises";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";
import { sendMessage, signIn } from "./helpers";

test(
  "a new admin sets up the account, reads a message, handles it, exports it, answers a data request and signs out",
  { tag: "@storage" },
  async ({ page, request, context, newAdmin: account }) => {
    // The longest journey: some twenty pages, five axe checks, three downloads, a sign-out and a sign-in.
    test.slow();
    const sent = await sendMessage(request, {
      name: "نادية مراد",
      subject: `Right to left ${Date.now()}`,
      message: "مرحبا، أود المساعدة.\nSecond line.",
    });

    // The account was just set up: the page shows its recovery codes.
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: /go to the inbox/ }).click();

    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: /Messages/ })).toContainText(
      /\d+ new messages/,
    );
    await expectNoAxeViolations(page);

    await page.getByRole("searchbox", { name: "Search" }).fill(sent.subject);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("1 message.")).toBeVisible();
    await page.getByRole("link", { name: sent.name }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New contact message: ${sent.subject}`);
    const message = page.locator('[data-field="message"]');
    await expect(message).toHaveText(sent.message);
    await expect(message).toHaveAttribute("dir", "auto");
    expect(await message.evaluate((el) => getComputedStyle(el).direction)).toBe("rtl");
    await expectNoAxeViolations(page);

    await page.getByRole("radio", { name: "In progress" }).check();
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("1 message updated.");
    await page.getByLabel("Internal note").fill("Called back on Monday.");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByRole("status")).toHaveText("Note saved.");
    await page.reload();
    await expect(page.getByText("In progress", { exact: true }).first()).toBeVisible();
    await expect(page.getByLabel("Internal note")).toHaveValue("Called back on Monday.");

    await page.getByRole("link", { name: "← Messages" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(sent.subject);
    await page.getByRole("button", { name: "Show" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv).toContain(sent.subject);
    expect(csv).toContain('"In progress"');
    expect(csv.split("\r\n")[0]).toContain('"Received (UTC)","Status"');

    // A data request: find the person, correct a field, download what we hold, delete it all, see it in the audit log.
    await page.getByRole("link", { name: "Find a person" }).click();
    await page.getByLabel(/^Email address/).fill(sent.email.toUpperCase());
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(/^1 submission and \d+ notification emails?\.$/);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Correct this message" }).click();
    await expect(page.getByRole("heading", { name: "Correct details", level: 1 })).toBeVisible();
    await page.getByLabel(/^Email/).fill("not an address");
    await page.getByLabel(/^Organization/).fill("Dar Al-Kalima");
    await page.getByRole("button", { name: "Save corrections" }).click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByLabel(/^Email/)).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.getByLabel(/^Email/).fill(sent.email);
    await page.getByRole("button", { name: "Save corrections" }).click();
    await expect(page.getByRole("status")).toHaveText("Corrections saved.");
    await expect(page.locator('[data-field="organization"]')).toHaveText("Dar Al-Kalima");

    await page.getByRole("link", { name: "Find a person" }).click();
    await page.getByLabel(/^Email address/).fill(sent.email);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    const json = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download JSON" }).click();
    const answer = JSON.parse(await readFile((await (await json).path())!, "utf8"));
    expect(answer.submissions).toHaveLength(1);
    expect(answer.submissions[0].fields).toMatchObject({ Organization: "Dar Al-Kalima", Subject: sent.subject });
    const personCsv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    expect(await readFile((await (await personCsv).path())!, "utf8")).toContain('"Dar Al-Kalima"');

    await page.getByRole("button", { name: "Delete everything…" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("1 submission and");
    await page.getByRole("button", { name: "Delete everything", exact: true }).click();
    await expect(page.getByRole("status")).toContainText(`Deleted everything stored about ${sent.email}: 1 message, 0 volunteer sign-ups`);
    await page.getByLabel(/^Email address/).fill(sent.email);
    await page.getByRole("button", { name: "Find", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText(/^Nothing is stored under this address/);

    await page.getByRole("link", { name: "Audit log" }).click();
    const log = page.getByRole("table");
    for (const action of ["Deleted a person's data", "Exported a person's data", "Corrected a person's data", "Looked up a person"]) {
      await expect(log.getByRole("row").filter({ hasText: action }).first()).toContainText(account.email);
    }
    await expect(log).toContainText(/person:[0-9a-f]{24}/);
    await expect(page.locator("body")).not.toContainText(sent.email);

    // Signing out ends the session on the server: the old cookie opens nothing.
    const cookies = await context.cookies();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    const replay = await request.get("/admin/messages", {
      headers: { Cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(302);
    expect(replay.headers().location).toContain("/admin/login");

    await signIn(page, account);
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  },
);
