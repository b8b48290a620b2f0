/**
 * Staff sign-in, built on better-auth: passwords, sessions in the database, TOTP with recovery codes,
 * passkeys, and roles and disabled accounts (admin plugin). Our route actions call `auth.api` on the
 * server; only the passkey ceremony, which needs the browser, reaches the library's HTTP handler.
 */
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { verifyPassword as verifyScryptHash } from "better-auth/crypto";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.server";
import { hashPassword, isArgon2Hash, verifyPasswordHash } from "~/lib/sealing.server";
import { AUTH_BASE_PATH, PASSKEY_ENDPOINTS } from "./auth-paths";
import { staffAccounts, staffPasskeys, staffSessions, staffTwoFactors, staffUsers, staffVerifications } from "../../db/schema";

export const STAFF_ROLES = ["admin", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A session lasts at most this long, however active (the idle limit is STAFF_IDLE_MINUTES). */
export const SESSION_MAX_HOURS = 12;

interface StaffAuthOptions {
  db: Database;
  /** The one secret, or versioned secrets newest first (app/staff/secret.server.ts). */
  keys: { secret: string } | { secrets: { version: number; value: string }[] };
  siteUrl: string;
  idleMinutes: number;
  appName: string;
  /** Passkey ceremonies run in the library's handler, not our actions: this is how they reach the audit log. */
  onPasskey(event: "sign-in" | "added", user: { id: string; email: string }): Promise<void>;
}

/**
 * Staff passwords are hashed with Argon2id at the strength of the password slots (PASSWORD_STRENGTH). A hash
 * made before that (better-auth's scrypt) still verifies, and is replaced by an Argon2id one as soon as the
 * password is shown right: only then is the password known.
 */
function staffPasswordHashing(db: Database) {
  return {
    hash: hashPassword,
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      if (isArgon2Hash(hash)) return verifyPasswordHash(hash, password);
      if (!(await verifyScryptHash({ hash, password }))) return false;
      await db
        .update(staffAccounts)
        .set({ password: await hashPassword(password), updatedAt: new Date() })
        .where(and(eq(staffAccounts.providerId, "credential"), eq(staffAccounts.password, hash)));
      return true;
    },
  };
}

export function createStaffAuth({ db, keys, siteUrl, idleMinutes, appName, onPasskey }: StaffAuthOptions) {
  const https = siteUrl.startsWith("https://");
  return betterAuth({
    appName,
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    ...keys,
    trustedOrigins: [new URL(siteUrl).origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: staffUsers,
        session: staffSessions,
        account: staffAccounts,
        verification: staffVerifications,
        twoFactor: staffTwoFactors,
        passkey: staffPasskeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 12,
      maxPasswordLength: 256,
      password: staffPasswordHashing(db),
    },
    session: {
      // Idle expiry: every request after a minute pushes the end `idleMinutes` further.
      expiresIn: idleMinutes * 60,
      updateAge: 60,
      // Read from the database every time, so sign-out and disabling take effect at once.
      cookieCache: { enabled: false },
    },
    // Throttling is ours (app/staff/throttle.server.ts), shared across instances like the form limits.
    rateLimit: { enabled: false },
    advanced: {
      // `__Host-` on HTTPS: Secure, Path=/, no Domain, so no subdomain can set or read it.
      useSecureCookies: false,
      cookiePrefix: https ? "__Host-staff" : "staff",
      defaultCookieAttributes: { secure: https, sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: { disableIpTracking: true },
    },
    logger: { disabled: true },
    hooks: {
      // A passkey opens the staff area on its own, so only an account that already has its authenticator app may add one.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== PASSKEY_ENDPOINTS.registerOptions && ctx.path !== PASSKEY_ENDPOINTS.register) return;
        const session = await getSessionFromCtx(ctx);
        if (!session?.user.twoFactorEnabled) throw new APIError("FORBIDDEN", { message: "Set up your authenticator app first." });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === PASSKEY_ENDPOINTS.signIn && ctx.context.newSession) await onPasskey("sign-in", ctx.context.newSession.user);
        if (ctx.path === PASSKEY_ENDPOINTS.register && ctx.context.session) await onPasskey("added", ctx.context.session.user);
      }),
    },
    plugins: [
      twoFactor({ issuer: appName, backupCodeOptions: { amount: 10, length: 10 } }),
      passkey({ rpID: new URL(siteUrl).hostname, rpName: appName, origin: new URL(siteUrl).origin }),
      admin({ defaultRole: "staff", adminRoles: ["admin"] }),
    ],
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;
