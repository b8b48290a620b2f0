/** Staff accounts for browser tests: created with `npm run staff`, exactly as a newcomer would. */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type Page, type WorkerInfo } from "@playwright/test";
import { totpNow } from "../../helpers/totp";
import { expectNoAxeViolations } from "../fixtures";

const run = promisify(execFile);

/** The environment `npm run staff` needs to reach the database of the server this project tests. */
const staffEnv = (info: ProjectInfo) => (info.project.metadata as { staffEnv: Record<string, string | undefined> }).staffEnv;

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

export type Role = "admin" | "staff";

/** A new account's address, its one-time setup link, and a recovery key that gives it the inbox. */
export interface Invitation {
  email: string;
  link: string;
  recoveryKey: string;
}

/** One of the recovery keys made with the test server's inbox key (scripts/test/e2e-server.mjs). */
const recoveryKeyOf = (info: ProjectInfo) => (JSON.parse(readFileSync(staffEnv(info).E2E_RECOVERY_FILE!, "utf8")) as string[])[0]!;

/**
 * Setup links made ahead, several to one `npm run staff -- add` (each start loads the app's account code:
 * seconds on a busy machine), handed out one at a time to a worker's tests.
 */
export class Invitations {
  private readonly ready: Record<Role, Invitation[]> = { admin: [], staff: [] };
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly info: ProjectInfo,
    private readonly batch = 5,
  ) {}

  take(role: Role): Promise<Invitation> {
    const next = this.queue.then(async () => {
      if (this.ready[role].length === 0) this.ready[role] = await this.make(role);
      return this.ready[role].shift()!;
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private async make(role: Role): Promise<Invitation[]> {
    const emails = Array.from({ length: this.batch }, () => uniqueEmail(role));
    const out = await staffCommand(this.info, "add", ...emails, "--role", role);
    const recoveryKey = recoveryKeyOf(this.info);
    const made = out.split("\n").map((line): Invitation => {
      const [email = "", link = ""] = line.split("\t");
      return { email, link, recoveryKey };
    });
    expect(made.map((m) => m.email)).toEqual(emails);
    for (const { link } of made) expect(link).toMatch(/\/admin\/setup\/[\w-]{20,}$/);
    return made;
  }
}

/**
 * Invite → password → authenticator → recovery codes, through the pages. Then the inbox is given to the account with a
 * recovery key, as the first administrator of a new site gets it: posted from the page's own session, so the page stays
 * where the setup left it. Ends signed in, the inbox unlocked, on the recovery codes page.
 */
export async function setUpAccount(page: Page, invitation: Invitation): Promise<StaffAccount> {
  const { setupKey, recoveryCodes } = await completeSetup(page, invitation.link);
  expect(recoveryCodes).toHaveLength(10);
  const account = { email: invitation.email, password: STRONG_PASSWORD, setupKey, recoveryCodes };
  const unlocked = await page.request.post("/admin/unlock", {
    form: { intent: "recover", password: account.password, recoveryKey: invitation.recoveryKey, next: "/admin/messages" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(unlocked.status()).toBe(302);
  return account;
}

/** Unlocks the inbox for the session with the account's password (the extra step after each sign-in). */
export async function unlockInbox(page: Page, account: StaffAccount) {
  await page.goto("/admin/unlock");
  await page.getByLabel(/^Your password/).fill(account.password);
  await page.getByRole("button", { name: "Unlock the inbox" }).click();
  await page.waitForURL(/\/admin\/messages$/);
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
