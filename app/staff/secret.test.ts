/**
 * Rotating the signing secret (issue 23): staff sign in with their authenticator app and recovery codes before
 * and after a new secret is added, after the old one is removed, and their sessions carry on or end as the
 * operator chose. Each "restart" builds the keys and the auth library anew from the settings, as the server does.
 */
import { eq } from "drizzle-orm";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { expect, it } from "vitest";
import { appSettings, auditLog, staffSessions, staffTwoFactors, staffUsers } from "../../db/schema";
import { forEachDatabase } from "../../tests/helpers/databases";
import { totpNow } from "../../tests/helpers/totp";
import { staffAccountsService } from "./accounts.server";
import { SYSTEM } from "./audit.server";
import { createStaffAuth } from "./auth.server";
import { reencryptSecondFactors, resignRotatedCookies, resolveSigningKeys, settleRotation, type VersionedSecret } from "./secret.server";

const SITE = "https://site.example";
const PASSWORD = "violet anchor tundra lantern";
const [A, B, C] = ["a", "b", "c"].map((c) => c.repeat(40)) as [string, string, string];
const SESSION_COOKIE = "__Host-staff.session_token";

forEachDatabase("rotating the signing secret", (handle) => {
  /** The server's start with these settings: keys, second factors re-encrypted, rotation settled, the library. */
  async function start(settings: { SESSION_SECRET?: string; SESSION_SECRETS?: VersionedSecret[] }, mode: "keep" | "end" = "keep") {
    const { db } = handle();
    const keys = await resolveSigningKeys(db, settings);
    const { unreadable } = await reencryptSecondFactors(db, keys);
    const ended = await settleRotation(db, keys, mode);
    const auth = createStaffAuth({ db, keys: keys.forAuth, siteUrl: SITE, idleMinutes: 30, appName: "Test", onPasskey: async () => {} });
    const { authCookies } = await auth.$context;
    const resign = resignRotatedCookies(keys, [
      { name: authCookies.sessionToken.name, attributes: "; Path=/; HttpOnly; Secure; SameSite=Lax" },
    ]);

    /** The password, then a code: the cookie of the session it opens, or null when the code is refused. */
    async function signIn(email: string, code: () => Promise<string>): Promise<string | null> {
      const first = await auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
      const pending = first.headers.getSetCookie().map((c) => c.split(";")[0]);
      const given = await code();
      const verify = /^\d{6}$/.test(given) ? auth.api.verifyTOTP : auth.api.verifyBackupCode;
      const second = await verify({ body: { code: given }, headers: new Headers({ Cookie: pending.join("; ") }), asResponse: true });
      if (!second.ok) return null;
      return second.headers
        .getSetCookie()
        .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
        .split(";")[0]!;
    }

    /** Whose session a cookie opens, as a staff page request sees it after the rotation middleware. */
    async function whoIs(cookie: string): Promise<{ email: string | null; setCookie: string[] }> {
      const req = { headers: { cookie } } as unknown as ExpressRequest;
      const setCookie: string[] = [];
      const res = { append: (_: string, v: string) => setCookie.push(v) } as unknown as ExpressResponse;
      resign(req, res, () => {});
      const session = await auth.api.getSession({ headers: new Headers({ Cookie: req.headers.cookie! }) });
      return { email: session?.user.email ?? null, setCookie };
    }
    return { auth, keys, unreadable, ended, signIn, whoIs };
  }

  /** An account enrolled with its authenticator app under the given settings: its email, setup key and recovery codes. */
  async function enrolled(server: Awaited<ReturnType<typeof start>>) {
    const { db } = handle();
    const accounts = staffAccountsService({ db, auth: server.auth, siteUrl: SITE });
    const email = `rotate-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const token = (await accounts.add(SYSTEM, email, "admin")).split("/").pop()!;
    await accounts.completePasswordStep(token, PASSWORD);
    const signedIn = await server.auth.api.signInEmail({ body: { email, password: PASSWORD }, asResponse: true });
    const headers = new Headers({
      Cookie: signedIn.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    });
    const enabled = await server.auth.api.enableTwoFactor({ body: { password: PASSWORD }, headers });
    if (enabled.method !== "totp") throw new Error("expected an authenticator app's setup");
    const { totpURI, backupCodes } = enabled;
    const setupKey = new URL(totpURI).searchParams.get("secret")!;
    expect((await server.auth.api.verifyTOTP({ body: { code: await totpNow(setupKey) }, headers, asResponse: true })).ok).toBe(true);
    return { email, setupKey, recoveryCodes: backupCodes };
  }

  it("keeps every authenticator, recovery code and session through a rotation, and depends on nothing old once it is removed", async () => {
    const before = await start({ SESSION_SECRET: A });
    const person = await enrolled(before);
    const app = () => totpNow(person.setupKey);
    const oldSession = (await before.signIn(person.email, app))!;
    expect((await before.whoIs(oldSession)).email).toBe(person.email);

    // A new secret, the old one still listed: sign-in works with the app and with a recovery code.
    const rotated = await start({
      SESSION_SECRETS: [
        { version: 2, value: B },
        { version: 1, value: A },
      ],
    });
    expect(rotated.unreadable).toEqual([]);
    const [row] = await handle()
      .db.select({ secret: staffTwoFactors.secret })
      .from(staffTwoFactors)
      .innerJoin(staffUsers, eq(staffUsers.id, staffTwoFactors.userId))
      .where(eq(staffUsers.email, person.email));
    expect(row!.secret.startsWith("$ba$2$")).toBe(true); // re-encrypted under the newest key
    expect(await rotated.signIn(person.email, app)).toMatch(new RegExp(`^${SESSION_COOKIE}=`));
    expect(await rotated.signIn(person.email, async () => person.recoveryCodes[0]!)).not.toBeNull();
    // The session from before carries on, re-signed for the browser with the newest key.
    const carried = await rotated.whoIs(oldSession);
    expect(carried.email).toBe(person.email);
    expect(carried.setCookie).toHaveLength(1);
    const resigned = carried.setCookie[0]!.split(";")[0]!;
    expect(resigned).not.toBe(oldSession);
    expect(carried.setCookie[0]).toContain("; HttpOnly; Secure; SameSite=Lax");

    // The old secret removed: nothing depends on it. The app and the next recovery code still work; the
    // re-signed session goes on; a cookie still signed with the removed secret opens nothing.
    const after = await start({ SESSION_SECRETS: [{ version: 2, value: B }] });
    expect(after.unreadable).toEqual([]);
    expect(await after.signIn(person.email, app)).not.toBeNull();
    expect(await after.signIn(person.email, async () => person.recoveryCodes[1]!)).not.toBeNull();
    expect((await after.whoIs(resigned)).email).toBe(person.email);
    expect(await after.whoIs(oldSession)).toEqual({ email: null, setCookie: [] });
    expect(await after.signIn(person.email, async () => "000000")).toBeNull(); // a wrong code is still refused
  });

  it("ends every session at the first start after a rotation when the operator chooses end, and audits it", async () => {
    const before = await start({ SESSION_SECRETS: [{ version: 5, value: C }] });
    const person = await enrolled(before);
    const app = () => totpNow(person.setupKey);
    const session = (await before.signIn(person.email, app))!;
    expect((await start({ SESSION_SECRETS: [{ version: 5, value: C }] }, "end")).ended).toBe(0); // no rotation, nothing ended

    const rotated = await start(
      {
        SESSION_SECRETS: [
          { version: 6, value: A },
          { version: 5, value: C },
        ],
      },
      "end",
    );
    expect(rotated.ended).toBeGreaterThan(0);
    expect(await handle().db.select().from(staffSessions)).toEqual([]);
    expect((await rotated.whoIs(session)).email).toBeNull();
    expect(await rotated.signIn(person.email, app)).not.toBeNull(); // signing in again works
    const entries = await handle().db.select().from(auditLog).where(eq(auditLog.action, "sessions-ended"));
    expect(entries.at(-1)?.details).toMatchObject({ reason: "secret rotated" });
  });

  it("moves from the generated secret to SESSION_SECRETS without locking anyone out", async () => {
    const { db } = handle();
    await db.delete(appSettings).where(eq(appSettings.key, "secret"));
    const before = await start({});
    const person = await enrolled(before);
    const rotated = await start({ SESSION_SECRETS: [{ version: 1, value: B }] });
    expect(rotated.keys.previous).toHaveLength(1); // the generated one, read only
    expect(await rotated.signIn(person.email, () => totpNow(person.setupKey))).not.toBeNull();
  });
});
