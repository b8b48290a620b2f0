/**
 * Fixtures for the staff area's browser tests: the accounts a test needs, set up the way a newcomer's is
 * (`npm run staff -- add`, then the setup pages), since that path is itself under test. Each worker makes its
 * setup links several at a time (Invitations in helpers.ts).
 *
 * - `newStaff` / `newAdmin`: an account of the test's own, set up on `page`, which ends signed in on the
 *   recovery codes page, with the inbox given to it (with a recovery key) and unlocked. A test that signs out, renews codes, adds a passkey or has the account disabled
 *   needs one of these.
 * - `staffPage` / `adminPage`: a page in a browser context of its own, signed in as the worker's shared
 *   account of that role. Tests that only use the staff area take these; they must not change the account.
 * - `setupLink`: a setup link for a new staff account, for tests of the setup pages themselves.
 *
 * Accounts are not removed afterwards: every run starts on a new database (a fresh DATA_DIR, a recreated
 * PostgreSQL database), and removing one would cost another start of `npm run staff`, the slowest step here.
 */
import { test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { Invitations, setUpAccount, signIn, unlockInbox, type Role, type StaffAccount } from "./helpers";

/** A shared account and the cookies of its session, which the worker's tests reuse. */
interface SharedAccount extends StaffAccount {
  storageState: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

/**
 * Setting up an account may start `npm run staff` (tsx loading the app's account code: ten seconds and more on
 * a busy machine), then goes through three pages, one of which hashes the password. It gets a budget of its
 * own, so a test's timeout measures the test.
 */
const SET_UP_TIMEOUT = 60_000;

async function sharedAccount(browser: Browser, baseURL: string | undefined, invitations: Invitations, role: Role): Promise<SharedAccount> {
  const context = await browser.newContext({ baseURL });
  try {
    const account = await setUpAccount(await context.newPage(), await invitations.take(role));
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
      await unlockInbox(page, account);
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
  { invitations: Invitations; sharedStaff: SharedAccount; sharedAdmin: SharedAccount }
>({
  newStaff: [
    async ({ page, invitations }, use) => use(await setUpAccount(page, await invitations.take("staff"))),
    { timeout: SET_UP_TIMEOUT },
  ],
  newAdmin: [
    async ({ page, invitations }, use) => use(await setUpAccount(page, await invitations.take("admin"))),
    { timeout: SET_UP_TIMEOUT },
  ],
  setupLink: [async ({ invitations }, use) => use((await invitations.take("staff")).link), { timeout: SET_UP_TIMEOUT }],
  invitations: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => use(new Invitations(workerInfo)),
    { scope: "worker" },
  ],
  sharedStaff: [
    async ({ browser, invitations }, use, workerInfo) =>
      use(await sharedAccount(browser, workerInfo.project.use.baseURL, invitations, "staff")),
    { scope: "worker", timeout: SET_UP_TIMEOUT },
  ],
  sharedAdmin: [
    async ({ browser, invitations }, use, workerInfo) =>
      use(await sharedAccount(browser, workerInfo.project.use.baseURL, invitations, "admin")),
    { scope: "worker", timeout: SET_UP_TIMEOUT },
  ],
  staffPage: async ({ browser, sharedStaff }, use) => signedInPage(browser, sharedStaff, use),
  adminPage: async ({ browser, sharedAdmin }, use) => signedInPage(browser, sharedAdmin, use),
});
export { expect } from "@playwright/test";
