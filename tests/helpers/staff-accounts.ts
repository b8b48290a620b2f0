/** The staff accounts service on a test's database, with the auth library as the server configures it. */
import type { Database } from "../../db/client.server";
import { staffAccountsService } from "../../app/staff/accounts.server";
import { createStaffAuth } from "../../app/staff/auth.server";

export function staffAuthOn(db: Database, siteUrl = "https://site.example") {
  return createStaffAuth({ db, keys: { secret: "s".repeat(40) }, siteUrl, idleMinutes: 30, appName: "Test", onPasskey: async () => {} });
}

export function staffAccountsOn(db: Database, siteUrl = "https://site.example") {
  const auth = staffAuthOn(db, siteUrl);
  return { auth, accounts: staffAccountsService({ db, auth, siteUrl }) };
}
