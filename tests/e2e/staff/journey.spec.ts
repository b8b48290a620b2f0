import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../fixtures";
import { sendMessage, setUpAccount, signIn } from "./helpers";

test("a new admin sets up the account, reads a message, handles it, exports it and signs out", async ({
  page,
  request,
  context,
}, testInfo) => {
  const sent = await sendMessage(request, {
    name: "نادية مراد",
    subject: `Right to left ${Date.now()}`,
    message: "مرحبا، أود المساعدة.\nSecond line.",
  });

  const account = await setUpAccount(page, testInfo, "admin");
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
});
