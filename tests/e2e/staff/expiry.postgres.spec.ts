/**
 * Session ends, seen in the browser. The test moves the session's clock in the database, which only the
 * PostgreSQL server lets another process do; app/staff/session.test.ts checks the same rules on both databases.
 */
import pg from "pg";
import { expect, test } from "./fixtures";
import { signInHere } from "./helpers";

// The test moves every session of its account, so the account is its own.
test(
  "a session ends after the idle limit and after 12 hours, and the page asks to sign in again",
  { tag: "@storage" },
  async ({ page, newStaff: account }, testInfo) => {
    const { DATABASE_URL } = (testInfo.project.metadata as { staffEnv: { DATABASE_URL: string } }).staffEnv;
    const db = new pg.Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      const moveSessions = (change: string) =>
        db.query(`update staff_sessions set ${change} where user_id = (select id from staff_users where email = $1)`, [account.email]);

      await page.goto("/admin/volunteers");
      await expect(page.getByRole("heading", { name: "Volunteers", level: 1 })).toBeVisible();
      await moveSessions("expires_at = now() - interval '1 second'");
      await page.reload();
      await expect(page).toHaveURL(/\/admin\/login\?next=%2Fadmin%2Fvolunteers$/);

      // Signing in again from there leads back to the page that asked.
      await signInHere(page, account);
      await expect(page).toHaveURL(/\/admin\/volunteers$/);
      await moveSessions("created_at = now() - interval '12 hours 1 minute'");
      await page.reload();
      await expect(page).toHaveURL(/\/admin\/login/);
      const { rows } = await db.query(
        "select count(*)::int as n from staff_sessions where user_id = (select id from staff_users where email = $1)",
        [account.email],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  },
);
