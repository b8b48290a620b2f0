/** Everything the staff area needs, built once when the server starts. */
import { createCookie } from "react-router";
import type { DatabaseHandle } from "../../db/client.server";
import type { LimitStore } from "~/lib/limits.server";
import { staffAccountsService } from "./accounts.server";
import { audit } from "./audit.server";
import { createStaffAuth } from "./auth.server";
import { createSignInThrottle } from "./throttle.server";

export interface StaffSettings {
  siteUrl: string;
  secret: string;
  idleMinutes: number;
  retentionDays: number;
  appName: string;
}

export async function createStaffServices(database: DatabaseHandle, limits: LimitStore, settings: StaffSettings) {
  const auth = createStaffAuth({
    db: database.db,
    ...settings,
    onPasskey: (event, user) =>
      audit(
        database.db,
        { id: user.id, email: user.email },
        event === "sign-in" ? { action: "sign-in", details: { method: "passkey" } } : { action: "passkey-added" },
      ),
  });
  return {
    auth,
    accounts: staffAccountsService({ db: database.db, auth, siteUrl: settings.siteUrl }),
    throttle: await createSignInThrottle(limits, settings.secret),
    /** Between the password and the code: which account is signing in, signed, for ten minutes. */
    pendingSignIn: createCookie(settings.siteUrl.startsWith("https://") ? "__Host-staff-pending" : "staff-pending", {
      secrets: [settings.secret],
      httpOnly: true,
      secure: settings.siteUrl.startsWith("https://"),
      sameSite: "lax",
      path: "/",
      maxAge: 600,
    }),
    settings,
  };
}

export type StaffServices = Awaited<ReturnType<typeof createStaffServices>>;
