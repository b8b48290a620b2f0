/**
 * Enrolling an authenticator app: the QR code (with the key as text, for apps on the same phone), a code to
 * confirm it, then the recovery codes, shown once.
 */
import QRCode from "qrcode";
import type { StaffContext } from "./service.server";
import { audit } from "./audit.server";
import type { StaffUser } from "./session.server";

interface AuthenticatorChallenge {
  /** The otpauth:// address; sent back with the code only so a mistyped code can show the same QR again. */
  uri: string;
  /** An <svg> of the address, built on the server (no image request, no script). */
  qrSvg: string;
  /** The same key as text, in groups of four. */
  setupKey: string;
}

/** The QR code and the key as text, for an otpauth:// address. */
export async function challengeFor(uri: string): Promise<AuthenticatorChallenge | null> {
  if (!uri.startsWith("otpauth://totp/")) return null;
  const secret = new URL(uri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { uri, qrSvg, setupKey: secret.match(/.{1,4}/g)?.join(" ") ?? secret };
}

/** Starts (or restarts) enrolment for the signed-in account; the library wants the password again here. */
export async function startEnrolment(ctx: StaffContext, headers: Headers, password: string): Promise<AuthenticatorChallenge | null> {
  const result = await ctx.staff.auth.api.enableTwoFactor({ body: { password }, headers }).catch(() => null);
  if (!result || !("totpURI" in result) || !result.totpURI) return null;
  return challengeFor(result.totpURI);
}

/** Confirms the app with a code; on success the second factor is on and the recovery codes come back. */
export async function confirmEnrolment(ctx: StaffContext, request: Request, user: StaffUser, code: string) {
  const response = await ctx.staff.auth.api.verifyTOTP({
    body: { code: code.replace(/\s+/g, "") },
    headers: request.headers,
    asResponse: true,
  });
  if (!response.ok) return { ok: false as const };
  const { backupCodes } = await ctx.staff.auth.api.viewBackupCodes({ body: { userId: user.id } });
  await audit(ctx.database.db, { id: user.id, email: user.email }, { action: "totp-enrolled" });
  return { ok: true as const, recoveryCodes: backupCodes, setCookies: response.headers.getSetCookie() };
}
