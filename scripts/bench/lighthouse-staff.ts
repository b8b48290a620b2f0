/**
 * `npm run lighthouse:staff`: Lighthouse 12 (mobile) on the staff area's pages, signed in. Starts the
 * production build on an empty embedded database, sets up an admin account through the pages in Chromium
 * (as a newcomer would: the setup link, a password, the authenticator code), sends one message, then runs
 * Lighthouse with that session's cookie. The inbox key is made with `npm run staff -- inbox-key`, and the account
 * unlocks the inbox with one of its recovery keys, as a new site's first administrator does. Prints figures;
 * asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { completeSetup, STRONG_PASSWORD } from "../../tests/e2e/staff/helpers";
import { CHROMIUM_FLAGS } from "../lib/chromium.mjs";
import { HEADER, lighthouseRow } from "../lib/lighthouse.mjs";
import { serveBuild } from "../lib/serve-build.mjs";

const port = Number(process.env.LH_PORT ?? 4510);
const DATA_DIR = mkdtempSync(join(tmpdir(), "lh-staff-"));
const { base, stop } = await serveBuild(port, { DATA_DIR, SITE_URL: `http://127.0.0.1:${port}` });

const staff = (...args: string[]) =>
  execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ops/staff.ts", ...args], {
    env: { ...process.env, DATA_DIR, SITE_URL: base },
    encoding: "utf8",
  }).trim();
const [recoveryKey] = staff("inbox-key").match(/[0-9a-f]{4}(?:-[0-9a-f]{4}){15}/g) ?? [];
if (!recoveryKey) throw new Error("npm run staff -- inbox-key printed no recovery key");
const link = staff("add", "measure@example.org", "--role", "admin");
await fetch(`${base}/api/submit-contact-form`, {
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({
    name: "Layla Haddad",
    email: "layla@example.org",
    subject: "A question about volunteering",
    message: "Hello, I would like to help with translation.",
    agree_to_terms: true,
  }),
});

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_FLAGS,
});
const page = await browser.newPage({ baseURL: base });
await completeSetup(page, link);
await page.goto("/admin/unlock?recovery");
await page.getByLabel(/^Your password/).fill(STRONG_PASSWORD);
await page.getByLabel(/^Recovery key/).fill(recoveryKey);
await page.getByRole("button", { name: "Unlock with the recovery key" }).click();
await page.waitForURL(/\/admin\/messages$/);
await page.getByRole("link", { name: "Layla Haddad" }).click();
await page.waitForURL(/\/admin\/messages\/[0-9a-f-]{36}$/);
const item = new URL(page.url()).pathname;
const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
await browser.close();

console.log(HEADER);
const SITE_EDITORS = [
  "/admin/site",
  "/admin/site/settings",
  "/admin/site/people",
  "/admin/site/people/directors/amira-placeholder",
  "/admin/site/pages",
  "/admin/site/pages/communities/yazidis",
  "/admin/site/pages/ideology/kidnapping",
  "/admin/site/partners",
  "/admin/site/pages/pages/home",
  "/admin/site/pages/pages/about",
  "/admin/site/pages/pages/privacy-policy",
  "/admin/site/history?path=communities/yazidis.md",
];
for (const path of [
  "/admin/messages",
  item,
  `${item}/edit`,
  "/admin/volunteers",
  "/admin/people",
  "/admin/unlock?recovery",
  "/admin/inbox-key",
  "/admin/account",
  "/admin/audit",
  ...SITE_EDITORS,
]) {
  lighthouseRow(base, path, { Cookie: cookie });
}
await stop();
