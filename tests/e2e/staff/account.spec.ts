import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";
import { signIn, STRONG_PASSWORD } from "./helpers";

// Every test here changes its account (a passkey, new codes, a setup left halfway): each has its own.

/** Chromium's virtual authenticator: a platform passkey that always says yes. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

test(
  "a staff member adds a passkey, signs in with it alone, and after removing it the passkey opens nothing",
  { tag: "@storage" },
  async ({ page, newStaff: account }) => {
    // Two sign-outs and two passkey sign-ins, with a passkey added and removed between.
    test.slow();
    const authenticator = await virtualAuthenticator(page);
    await page.getByRole("link", { name: /go to the inbox/ }).click();
    await page.getByRole("link", { name: `My account: ${account.email}` }).click();
    await expect(page.getByRole("heading", { name: "My account", level: 1 })).toBeVisible();
    await expect(page.getByText("You have no passkeys.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("Name for the new passkey").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByRole("table", { name: "Your passkeys" }).getByRole("cell", { name: "Test laptop", exact: true })).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();

    await page.goto("/admin/account");
    await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    await expect(page.getByRole("status")).toHaveText("Passkey removed.");
    await expect(page.getByText("You have no passkeys.")).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    // The browser still holds the credential; the server no longer knows it.
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Signing in with a passkey did not work/);
    await expect(page).toHaveURL(/\/admin\/login$/);
  },
);

test("an account without its authenticator app cannot add a passkey", async ({ page, setupLink }) => {
  await page.goto(new URL(setupLink).pathname);
  await page.getByLabel(/^New password \*?$/).fill(STRONG_PASSWORD);
  await page.getByLabel(/^New password again/).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("setup-key")).toBeVisible();
  const status = await page.evaluate(() => fetch("/admin/auth/passkey/generate-register-options").then((r) => r.status));
  expect(status).toBe(403);
  await page.goto("/admin/account");
  await expect(page).toHaveURL(/\/admin\/authenticator$/);
});

test("renewing recovery codes asks for the password, and only the new codes work", async ({ page, newStaff: account }) => {
  // Four password checks (each a deliberately slow hash) and two sign-ins.
  test.slow();
  await page.goto("/admin/account");
  await expect(page.getByText("You have 10 unused recovery codes.")).toBeVisible();
  await page.getByLabel(/^Your password/).fill("not my password at all");
  await page.getByRole("button", { name: "Get new recovery codes" }).click();
  await expect(page.getByRole("alert")).toHaveText("That password is not right.");
  await page.getByLabel(/^Your password/).fill(account.password);
  await page.getByRole("button", { name: "Get new recovery codes" }).click();
  await expect(page.getByRole("heading", { name: "Your new recovery codes" })).toBeVisible();
  const fresh = await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents();
  expect(fresh).toHaveLength(10);
  expect(fresh).not.toContain(account.recoveryCodes[0]);

  await page.getByRole("button", { name: "Sign out" }).click();
  // The sign-in page while the session still exists would send us to the inbox: wait for the sign-out.
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, account, account.recoveryCodes[0]);
  await expect(page.getByRole("alert")).toContainText("That code is not right");
  await signIn(page, account, fresh[0]);
  await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await page.goto("/admin/account");
  await expect(page.getByText("You have 9 unused recovery codes.")).toBeVisible();
});
