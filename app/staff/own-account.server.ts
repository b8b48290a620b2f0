/**
 * What each staff member manages for themselves: their passkeys and their recovery codes. The library does
 * the work; this adds the audit log, and counts wrong passwords like the sign-in does.
 */
import type { StaffContext } from "./service.server";
import { audit } from "./audit.server";
import { actorOf, type StaffUser } from "./session.server";
import { tooManyAttempts } from "./sign-in.server";

export async function listOwnPasskeys(ctx: StaffContext, headers: Headers) {
  const passkeys = await ctx.staff.auth.api.listPasskeys({ headers });
  return passkeys.map((p) => ({ id: p.id, name: p.name || "Passkey", createdAt: new Date(p.createdAt).toISOString() }));
}

export async function recoveryCodesLeft(ctx: StaffContext, user: StaffUser): Promise<number> {
  const { backupCodes } = await ctx.staff.auth.api.viewBackupCodes({ body: { userId: user.id } }).catch(() => ({ backupCodes: [] }));
  return backupCodes.length;
}

/** False when the passkey is not this person's (the library checks who owns it). */
export async function removeOwnPasskey(ctx: StaffContext, user: StaffUser, headers: Headers, id: string): Promise<boolean> {
  const removed = await ctx.staff.auth.api.deletePasskey({ body: { id }, headers }).catch(() => null);
  if (!removed?.status) return false;
  await audit(ctx.database.db, actorOf(user), { action: "passkey-removed", target: `staff:${user.email}` });
  return true;
}

type RenewResult = { ok: true; codes: string[] } | { ok: false; error: string; status: number; retryAfter?: number };

/** New recovery codes replace the old ones; the password is asked again, and wrong ones are throttled. */
export async function renewRecoveryCodes(ctx: StaffContext, user: StaffUser, headers: Headers, password: string): Promise<RenewResult> {
  const address = ctx.hashAddress(ctx.clientAddress);
  const wait = await ctx.staff.throttle.blockedFor(user.email, address);
  if (wait) return { ok: false, error: tooManyAttempts(wait), status: 429, retryAfter: wait };
  const result = await ctx.staff.auth.api.generateBackupCodes({ body: { password: password.slice(0, 1024) }, headers }).catch(() => null);
  if (!result?.backupCodes) {
    await ctx.staff.throttle.failed(user.email, address);
    return { ok: false, error: "That password is not right.", status: 400 };
  }
  await audit(ctx.database.db, actorOf(user), { action: "recovery-codes-renewed", target: `staff:${user.email}` });
  return { ok: true, codes: result.backupCodes };
}
