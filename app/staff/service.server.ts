/** Everything the staff area needs, built once when the server starts. */
import { createCookie } from "react-router";
import type { Database, DatabaseHandle } from "../../db/client.server";
import type { AddressHasher } from "~/lib/address-hash.server";
import type { LimitStore } from "~/lib/limits.server";
import { staffAccountsService } from "./accounts.server";
import { audit } from "./audit.server";
import { createStaffAuth } from "./auth.server";
import type { SigningKeys } from "./secret.server";
import { createSignInThrottle } from "./throttle.server";

interface StaffSettings {
  siteUrl: string;
  keys: SigningKeys;
  /** Keys the address and person hashes: the newest signing key. */
  secret: string;
  idleMinutes: number;
  retentionDays: number;
  appName: string;
  /** Background work the staff area starts (indexing after an unlock, finishing a rotation) reports here. */
  logError(message: string, err: unknown): void;
}

export async function createStaffServices(database: DatabaseHandle, limits: LimitStore, settings: StaffSettings) {
  const auth = createStaffAuth({
    db: database.db,
    ...settings,
    keys: settings.keys.forAuth,
    onPasskey: (event, user) =>
      audit(
        database.db,
        { id: user.id, email: user.email },
        event === "sign-in" ? { action: "sign-in", details: { method: "passkey" } } : { action: "passkey-added" },
      ),
  });
  // The library's signed cookies, as it sets them: what a rotation re-signs (resignRotatedCookies).
  const { authCookies } = await auth.$context;
  const signedCookies = [authCookies.sessionToken, authCookies.dontRememberToken].map(({ name, attributes }) => ({
    name,
    attributes: [
      attributes.maxAge === undefined ? "" : `; Max-Age=${attributes.maxAge}`,
      `; Path=${attributes.path ?? "/"}`,
      attributes.httpOnly ? "; HttpOnly" : "",
      attributes.secure ? "; Secure" : "",
      attributes.sameSite ? `; SameSite=${attributes.sameSite[0]!.toUpperCase()}${attributes.sameSite.slice(1)}` : "",
    ].join(""),
  }));
  /** A cookie of the staff area's own, signed with the session keys; `__Host-` on HTTPS. */
  const staffCookie = (name: string, maxAge?: number) => {
    const https = settings.siteUrl.startsWith("https://");
    return createCookie(https ? `__Host-${name}` : name, {
      secrets: [settings.keys.current, ...settings.keys.previous],
      httpOnly: true,
      secure: https,
      sameSite: "lax",
      path: "/",
      maxAge,
    });
  };
  return {
    auth,
    signedCookies,
    accounts: staffAccountsService({ db: database.db, auth, siteUrl: settings.siteUrl }),
    throttle: await createSignInThrottle(limits, settings.secret),
    /** Between the password and the code: which account is signing in, signed, for ten minutes. */
    pendingSignIn: staffCookie("staff-pending", 600),
    /**
     * The inbox's unlock (app/staff/unlock.server.ts): the key to the session's copy of its keyring, for as long as
     * the browser session; the server-side copy decides the rest.
     */
    unlock: staffCookie("staff-unlock"),
    settings,
  };
}

export type StaffServices = Awaited<ReturnType<typeof createStaffServices>>;

/** What the staff area reads from the request context (app/context.server.ts). */
export interface StaffContext {
  database: { db: Database };
  /** The client's address as Express sees it (TRUST_PROXY decides); hashed before any use. */
  clientAddress: string | undefined;
  /** Sign-in failures count per address too, under the same keyed hash as the forms' limits. */
  hashAddress: AddressHasher;
  staff: StaffServices;
}
