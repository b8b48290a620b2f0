import { expect, test } from "./fixtures";
import { sendMessage, signIn, uniqueEmail } from "./helpers";

test("bulk actions on selected rows: status, spam and back, then delete after confirming", async ({ staffPage: page, request }) => {
  // A long journey: nine inbox pages and five bulk actions.
  test.slow();
  const tag = `Bulk ${Date.now()}`;
  for (let i = 0; i < 3; i++) await sendMessage(request, { subject: `${tag} ${i}`, name: `Bulk sender ${i}` });
  const search = async (folder = "") => {
    await page.goto(`/admin/messages?q=${encodeURIComponent(tag)}${folder}`);
  };
  const select = async (...which: number[]) => {
    for (const i of which) await page.getByRole("checkbox", { name: `Select Bulk sender ${i}` }).check();
  };
  const apply = async (intent: string) => {
    await page.getByLabel("With the selected").selectOption({ label: intent });
    await page.getByRole("button", { name: "Apply" }).click();
  };

  await search();
  await expect(page.getByText("3 messages.")).toBeVisible();
  await select(0, 1);
  await apply("Mark done");
  await expect(page.getByRole("status")).toHaveText("2 messages updated.");
  await search();
  for (const i of [0, 1]) await expect(page.getByRole("row", { name: new RegExp(`Bulk sender ${i}`) })).toContainText("Done");
  await expect(page.getByRole("row", { name: /Bulk sender 2/ })).toContainText("New");
  await expect(page.getByRole("row", { name: /Bulk sender 0/ })).toContainText(/Deleted on/);

  await select(2);
  await apply("Mark spam");
  await expect(page.getByRole("status")).toHaveText("1 message moved.");
  await search();
  await expect(page.getByText("2 messages.")).toBeVisible();
  await search("&folder=spam");
  await select(2);
  await apply("Not spam: move to inbox");
  await expect(page.getByRole("status")).toHaveText("1 message moved.");
  await search();
  await expect(page.getByText("3 messages.")).toBeVisible();

  await select(0, 2);
  await apply("Delete…");
  await expect(page.getByRole("alertdialog")).toContainText("Delete 2 messages?");
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  // The delete answers with the same filtered list.
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(page.getByText("1 message.")).toBeVisible();
  await search();
  await expect(page.getByText("1 message.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Bulk sender 1/ })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a staff member signs in, opens a message, changes its status and deletes it", async ({ page, request, newStaff: account }) => {
    // A long journey: without JavaScript every step is a whole page, and it signs out and in again.
    test.slow();
    // The account was set up on this page, without JavaScript too.
    const sent = await sendMessage(request, { subject: `No script ${Date.now()}`, email: uniqueEmail("noscript") });
    await page.getByRole("link", { name: /go to the inbox/ }).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await signIn(page, account);
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    // A new session begins locked: dates and statuses show, names do not, and the page says how to unlock.
    await expect(page.getByRole("heading", { name: "The inbox is locked" })).toBeVisible();
    await expect(page.getByRole("link", { name: sent.name })).toHaveCount(0);
    await page.getByLabel(/^Your password/).fill("not the password at all");
    await page.getByRole("button", { name: "Unlock the inbox" }).click();
    await expect(page.getByRole("alert")).toHaveText("That password does not unlock the inbox.");
    await page.getByLabel(/^Your password/).fill(account.password);
    await page.getByRole("button", { name: "Unlock the inbox" }).click();
    await expect(page.getByRole("heading", { name: "The inbox is locked" })).toHaveCount(0);

    await page.getByRole("searchbox", { name: "Search" }).fill(sent.subject);
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByRole("link", { name: sent.name }).click();
    await page.getByRole("radio", { name: "Done" }).check();
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByRole("status")).toHaveText("1 message updated.");
    await page.getByRole("button", { name: "Delete…" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Delete this message?");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await page.getByRole("searchbox", { name: "Search" }).fill(sent.subject);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("No messages here.")).toBeVisible();
  });
});
