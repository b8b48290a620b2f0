/** Staff accounts for browser tests: created with `npm run staff`, exactly as a newcomer would. */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Page, type WorkerInfo } from "@playwright/test";
import { totpNow } from "../../helpers/totp";
import { expectNoAxeViolations } from "../fixtures";

const run = promisify(execFile);

/** The environment `npm run staff` needs to reach the database of the server this project tests. */
const staffEnv = (info: ProjectInfo) => (info.project.metadata as { staffEnv: Record<string, string> }).staffEnv;

/** A test's or a worker's info: either names the project, which is all the commands need. */
type ProjectInfo = Pick<WorkerInfo, "project">;

async function staffCommand(info: ProjectInfo, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/ops/staff.ts", ...args], {
    env: { ...process.env, ...staffEnv(info) },
  });
  return stdout.trim();
}

export const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.org`;
export const STRONG_PASSWORD = "violet anchor tundra lantern";

export interface StaffAccount {
  email: string;
  password: string;
  setupKey: string;
  recoveryCodes: string[];
}

/** The three setup steps, from the link to the recovery codes (also used by scripts/bench/lighthouse-staff.ts). */
export async function completeSetup(page: Page, link: string) {
  await page.goto(new URL(link).pathname);
  await page.getByLabel(/^New password \*?$/).fill(STRONG_PASSWORD);
  await page.getByLabel(/^New password again/).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  const setupKey = (await page.getByTestId("setup-key").textContent())!.trim();
  await page.getByLabel(/^Code from the app/).fill(await totpNow(setupKey));
  await page.getByRole("button", { name: "Confirm" }).click();
  const codes = page.getByTestId("recovery-codes").getByRole("listitem");
  await codes.first().waitFor();
  return { setupKey, recoveryCodes: await codes.allTextContents() };
}

/** A one-time setup link for a new account, from `npm run staff -- add`. */
export async function addAccount(info: ProjectInfo, email: string, role: "admin" | "staff"): Promise<string> {
  const link = await staffCommand(info, "add", email, "--role", role);
  expect(link).toMatch(/\/admin\/setup\/[\w-]{20,}$/);
  return link;
}

/** Invite → password → authenticator → recovery codes, through the pages. Ends signed in, on the codes page. */
export async function setUpAccount(page: Page, info: ProjectInfo, role: "admin" | "staff", label: string = role): Promise<StaffAccount> {
  const email = uniqueEmail(label);
  const link = await addAccount(info, email, role);
  const { setupKey, recoveryCodes } = await completeSetup(page, link);
  expect(recoveryCodes).toHaveLength(10);
  return { email, password: STRONG_PASSWORD, setupKey, recoveryCodes };
}

export async function signIn(page: Page, account: StaffAccount, code?: string) {
  await page.goto("/admin/login");
  await signInHere(page, account, code);
}

/** The two sign-in steps on the sign-in page already open (which may carry ?next=). */
export async function signInHere(page: Page, account: StaffAccount, code?: string) {
  await page.getByLabel(/^Email/).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel(/^Code/).fill(code ?? (await totpNow(account.setupKey)));
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A message sent through the public JSON endpoint, as the site's own form would. */
export async function sendMessage(request: APIRequestContext, fields: Partial<Record<string, string>> = {}) {
  const body = {
    name: "Layla Haddad",
    email: uniqueEmail("sender"),
    subject: "A question about volunteering",
    message: "Hello, I would like to help.",
    agree_to_terms: true,
    ...fields,
  };
  const res = await request.post("/api/submit-contact-form", { data: body });
  expect(res.status()).toBe(201);
  return body;
}

/** axe, and no page wider than the screen: a phone would zoom out and make everything small. */
export async function expectAccessible(page: Page) {
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}
