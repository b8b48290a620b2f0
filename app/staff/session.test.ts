import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, staffSessions } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import type { StaffContext } from "./service.server";
import { SYSTEM } from "./audit.server";
import { SESSION_MAX_HOURS } from "./auth.server";
import { readStaffSession } from "./session.server";
import { staffAccountsOn } from "../../tests/helpers/staff-accounts";

const SITE = "https://site.example";
const HOUR = 3_600_000;
const PASSWORD = "violet anchor tundra lantern";

forEachDatabase("staff sessions", (handle) => {
  /** An account with a password (enough for the session rules) and its sign-in. */
  async function account(label: string) {
    const { db } = handle();
    const { auth, accounts } = staffAccountsOn(db, SITE);
    const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const token = (await accounts.add(SYSTEM, email, "staff")).split("/").pop()!;
    await accounts.completePasswordStep(token, PASSWORD);
    const signIn = async () =>
      (await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true })).headers.getSetCookie();
    return { auth, email, signIn };
  }

  /** A signed-in account, and a way to read its session as the staff area does on every request. */
  async function signedIn(label: string) {
    const { db } = handle();
    const { auth, email, signIn } = await account(label);
    const cookie = (await signIn()).map((c) => c.split(";")[0]).join("; ");
    const ctx = { staff: { auth }, database: handle() } as unknown as StaffContext;
    const read = () => readStaffSession(ctx, new Request(`${SITE}/admin/messages`, { headers: { Cookie: cookie } }));
    const { session } = await read();
    expect(session?.user.email).toBe(email);
    return { db, read, sessionId: session!.sessionId, email };
  }

  it("issues a fresh cookie at each sign-in: __Host- prefixed, HttpOnly, Secure and SameSite=Lax on HTTPS", async () => {
    const { signIn } = await account("cookie");
    const sessionCookie = async () => (await signIn()).find((c) => c.startsWith("__Host-staff.session_token="))!;
    const first = await sessionCookie();
    expect(first).toMatch(/; HttpOnly/i);
    expect(first).toMatch(/; Secure/i);
    expect(first).toMatch(/; SameSite=Lax/i);
    expect(first).toMatch(/; Path=\//i);
    expect(first).not.toMatch(/; Domain=/i);
    expect((await sessionCookie()).split(";")[0]).not.toBe(first.split(";")[0]);
  });

  it("ends a session left idle past STAFF_IDLE_MINUTES", async () => {
    const { db, read, sessionId } = await signedIn("idle");
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.id, sessionId));
    expect((await read()).session).toBeNull();
  });

  it(`ends a session ${SESSION_MAX_HOURS} hours after sign-in however active, and logs it`, async () => {
    const { db, read, sessionId, email } = await signedIn("capped");
    await db
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - (SESSION_MAX_HOURS * HOUR + 60_000)) })
      .where(eq(staffSessions.id, sessionId));
    expect((await read()).session).toBeNull();
    expect(await db.select().from(staffSessions).where(eq(staffSessions.id, sessionId))).toEqual([]);
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, "session-expired"));
    expect(entries.map((e) => e.actorEmail)).toContain(email);
  });
});
