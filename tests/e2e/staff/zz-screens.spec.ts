import { test } from "./fixtures";
import { sendMessage } from "./helpers";

test("screens", async ({ page, request, newAdmin: account }) => {
  test.slow();
  await sendMessage(request, { name: "نادية مراد", subject: "Screens" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/inbox-key");
  await page.screenshot({ path: "/tmp/shots/inbox-key.png", fullPage: true });
  await page.goto("/admin/messages");
  await page.screenshot({ path: "/tmp/shots/inbox-unlocked.png" });
  await page.goto("/admin/unlock?recovery");
  await page.getByRole("button", { name: "Lock" }).count();
  await page.goto("/admin/inbox-key");
  await page.getByLabel(/I can print/).check();
  await page.getByRole("button", { name: "Replace the inbox key" }).click();
  await page.getByTestId("inbox-recovery-keys").waitFor();
  await page.screenshot({ path: "/tmp/shots/rotated.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/unlock");
  await page.screenshot({ path: "/tmp/shots/unlock-phone.png", fullPage: true });
  await page.goto("/admin/people");
  await page.screenshot({ path: "/tmp/shots/people-phone.png", fullPage: true });
  void account;
});
