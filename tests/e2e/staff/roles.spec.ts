import { expectNoAxeViolations } from "../fixtures";
import { expect, test } from "./fixtures";
import { uniqueEmail } from "./helpers";

// The staff account is disabled here, so it is the test's own; the admin only acts, and is the worker's.
// A staff account's refusal at the admin pages: app/routes/admin/staff-area.test.ts. Here, what the browser shows.
test(
  "a staff account sees no admin pages in its menu; an admin invites, disables and reads the audit log",
  { tag: "@storage" },
  async ({ page: staffPage, newStaff: staff, adminPage }) => {
    // A long journey in two browsers, with two axe checks.
    test.slow();
    const refused = await staffPage.goto("/admin/audit");
    expect(refused!.status()).toBe(403);
    await expect(staffPage.getByRole("heading", { name: "Not allowed" })).toBeVisible();
    await expect(staffPage.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Accounts" })).toHaveCount(0);

    await adminPage.goto("/admin/accounts");
    await expectNoAxeViolations(adminPage);
    const invited = uniqueEmail("invited");
    await adminPage.getByLabel("Email").fill(invited);
    await adminPage.getByRole("button", { name: "Create setup link" }).click();
    await expect(adminPage.getByTestId("setup-link")).toContainText("/admin/setup/");

    // Disabling ends the staff member's session at once.
    await adminPage
      .getByRole("row", { name: new RegExp(staff.email) })
      .getByRole("button", { name: /Disable/ })
      .click();
    await expect(adminPage.getByRole("status")).toHaveText(`Disabled ${staff.email}.`);
    await staffPage.goto("/admin/messages");
    await expect(staffPage).toHaveURL(/\/admin\/login/);

    await adminPage.goto("/admin/audit?action=account-disabled");
    await expect(adminPage.getByRole("row", { name: new RegExp(`Disabled an account staff:${staff.email}`) })).toBeVisible();
    await expectNoAxeViolations(adminPage);
  },
);

test(
  "wrong passwords are throttled per account with 429 and Retry-After; an unknown email is refused like a known one",
  { tag: "@storage" },
  async ({ request, baseURL }) => {
    const email = uniqueEmail("nobody");
    const attempt = () =>
      request.post("/admin/login", { form: { email, password: "not the password at all" }, headers: { Origin: new URL(baseURL!).origin } });
    for (let i = 0; i < 5; i++) {
      const res = await attempt();
      expect(res.status()).toBe(401);
      expect(await res.text()).toContain("That email and password do not match an account.");
    }
    const blocked = await attempt();
    expect(blocked.status()).toBe(429);
    expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await blocked.text()).toContain("Too many attempts");
  },
);

test("every answer under /admin is no-store and noindex, and a post from another site is refused", async ({ request, baseURL }) => {
  for (const path of ["/admin/login", "/admin/messages", "/admin/nowhere"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    expect(res.headers()["x-robots-tag"]).toContain("noindex");
  }
  const crossSite = await request.post("/admin/login", {
    form: { email: "a@example.org", password: "x" },
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  const noSession = await request.post("/admin/messages", {
    form: { intent: "delete" },
    headers: { Origin: new URL(baseURL!).origin },
  });
  expect([401, 403]).toContain(noSession.status());
});
