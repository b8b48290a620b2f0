/**
 * Fixtures for the staff area's browser tests: the accounts a test needs, set up the way a newcomer's is
 * (`npm run staff -- add`, then the setup pages), since that path is itself under test.
 *
 * - `newStaff` / `newAdmin`: an account of the test's own, set up on `page`, which ends signed in on the
 *   recovery codes page. A test that signs out, renews codes, adds a passkey or has the account disabled
 *   needs one of these.
 * - `staffPage` / `adminPage`: a page in a browser context of its own, signed in as the worker's shared
 *   account of that role. Tests that only use the staff area take these; they must not change the account.
 * - `setupLink`: a setup link for a new staff account, for tests of the setup pages themselves.
 *
 * Accounts are not removed afterwards: every run starts on a new database (a fresh DATA_DIR, a recreated
 * PostgreSQL database), and removing one would cost another start of `npm run staff`, the slowest step here.
 */
import { basename } from "node:path";
import { test as base, type Browser, type BrowserContext, type Page, type WorkerInfo } from "@playwright/test";
import { addAccount, setUpAccount, signIn, uniqueEmail, type StaffAccount } from "./helpers";

type Role = "admin" | "staff";

/** A shared account and the cookies of its session, which the worker's tests reuse. */
interface SharedAccount extends StaffAccount {
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

/**
 * Setting up an account starts `npm run staff` (tsx loading the app's account code: ten seconds and more on
 * a busy machine), then goes through three pages, one of which hashes the password. It gets a budget of its
 * own, so a test's timeout measures the test.
 */
const SET_UP_TIMEOUT = 60_000;

/** A name for an account's email that says which spec made it. */
const labelOf = (file: string) => basename(file, ".spec.ts");

async function sharedAccount(browser: Browser, workerInfo: WorkerInfo, role: Role): Promise<SharedAccount> {
  const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
  try {
    const account = await setUpAccount(await context.newPage(), workerInfo, role, `shared-${role}`);
    return { ...account, storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

async function signedInPage(browser: Browser, account: SharedAccount, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ storageState: account.storageState });
  try {
    const page = await context.newPage();
    // A worker's tests may be far apart on a busy machine: past the idle limit, sign in again.
    const home = await context.request.get("/admin", { maxRedirects: 0 });
    if (!/^\/admin\/messages$/.test(new URL(home.headers().location ?? "", home.url()).pathname)) {
      await signIn(page, account);
      await page.waitForURL(/\/admin\/messages$/);
    }
    await use(page);
    // Each use moves the session's end on; the next test starts from the newest cookie.
    account.storageState = await context.storageState();
  } finally {
    await context.close();
  }
}

export const test = base.extend<
  { newStaff: StaffAccount; newAdmin: StaffAccount; staffPage: Page; adminPage: Page; setupLink: string },
  { sharedStaff: SharedAccount; sharedAdmin: SharedAccount }
>({
  newStaff: [
    async ({ page }, use, testInfo) => use(await setUpAccount(page, testInfo, "staff", labelOf(testInfo.file))),
    { timeout: SET_UP_TIMEOUT },
  ],
  newAdmin: [
    async ({ page }, use, testInfo) => use(await setUpAccount(page, testInfo, "admin", labelOf(testInfo.file))),
    { timeout: SET_UP_TIMEOUT },
  ],
  setupLink: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => use(await addAccount(testInfo, uniqueEmail(labelOf(testInfo.file)), "staff")),
    { timeout: SET_UP_TIMEOUT },
  ],
  sharedStaff: [
    async ({ browser }, use, workerInfo) => use(await sharedAccount(browser, workerInfo, "staff")),
    { scope: "worker", timeout: SET_UP_TIMEOUT },
  ],
  sharedAdmin: [
    async ({ browser }, use, workerInfo) => use(await sharedAccount(browser, workerInfo, "admin")),
    { scope: "worker", timeout: SET_UP_TIMEOUT },
  ],
  staffPage: async ({ browser, sharedStaff }, use) => signedInPage(browser, sharedStaff, use),
  adminPage: async ({ browser, sharedAdmin }, use) => signedInPage(browser, sharedAdmin, use),
});
export { expect } from "@playwright/test";
