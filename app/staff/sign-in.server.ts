/**
 * The two sign-in steps, as route actions call them: the password, then a code from the authenticator app
 * or a recovery code. Each failure counts against the account and the address; over the limit, 429.
 */
import { eq } from "drizzle-orm";
import { data, href, redirect } from "react-router";
import { staffUsers } from "../../db/schema";
import { STAFF_AREA } from "~/lib/http";
import { normaliseEmail } from "./accounts.server";
import { audit, SYSTEM } from "./audit.server";
import { setCookieHeaders } from "./http.server";
import { STAFF_HOME } from "./home";
import type { StaffContext } from "./service.server";

const SIGN_IN_FAILED = "That email and password do not match an account.";
const CODE_FAILED = "That code is not right. Check the time on your phone, or use a recovery code.";
const ACCOUNT_DISABLED = "This account is disabled. Ask an administrator.";
export const tooManyAttempts = (seconds: number) =>
  `Too many attempts. Try again in ${seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`;

/** Only a path inside the staff area, and not the sign-in itself: never another site (`//evil.example`). */
export function safeNext(next: FormDataEntryValue | string | null | undefined): string {
  if (typeof next !== "string" || next.startsWith(href("/admin/login"))) return STAFF_HOME;
  const rest = next.slice(STAFF_AREA.length);
  const inside = next.startsWith(STAFF_AREA) && (rest === "" || rest.startsWith("?") || /^\/[^/\\]/.test(rest));
  return inside ? next : STAFF_HOME;
}

async function knownAccount(ctx: StaffContext, email: string) {
  const [user] = await ctx.database.db
    .select({ id: staffUsers.id, email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.email, email));
  return user;
}

type StepError = { error: string; email?: string };
const refuse = (error: string, status: number, extra: { email?: string; retryAfter?: number } = {}) =>
  data<StepError>(
    { error, email: extra.email },
    { status, headers: extra.retryAfter ? { "Retry-After": String(extra.retryAfter) } : undefined },
  );

export async function passwordStep(ctx: StaffContext, request: Request, form: FormData) {
  const { staff } = ctx;
  const email = normaliseEmail(String(form.get("email") ?? "")).slice(0, 254);
  const password = String(form.get("password") ?? "").slice(0, 1024);
  const next = safeNext(form.get("next"));
  const address = ctx.hashAddress(ctx.clientAddress);
  if (!email || !password) return refuse("Enter your email and password.", 400, { email });

  const wait = await staff.throttle.blockedFor(email, address);
  if (wait) {
    const user = await knownAccount(ctx, email);
    await audit(ctx.database.db, SYSTEM, {
      action: "sign-in-throttled",
      target: user ? `staff:${user.email}` : undefined,
      details: { step: "password" },
    });
    return refuse(tooManyAttempts(wait), 429, { email, retryAfter: wait });
  }

  const response = await staff.auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true });
  const body = (await response.json().catch(() => ({}))) as {
    twoFactorRedirect?: boolean;
    code?: string;
    user?: { id: string; email: string };
  };
  if (!response.ok) {
    await staff.throttle.failed(email, address);
    const user = await knownAccount(ctx, email);
    const disabled = body.code === "BANNED_USER";
    await audit(ctx.database.db, user ? { id: user.id, email: user.email } : SYSTEM, {
      action: "sign-in-failed",
      target: user ? `staff:${user.email}` : undefined,
      details: { step: "password", reason: disabled ? "disabled" : user ? "wrong password" : "unknown account" },
    });
    return refuse(disabled ? ACCOUNT_DISABLED : SIGN_IN_FAILED, disabled ? 403 : 401, { email });
  }
  if (body.twoFactorRedirect) {
    const pending = await staff.pendingSignIn.serialize({ email, next });
    throw redirect(href("/admin/login/code"), { headers: setCookieHeaders([...response.headers.getSetCookie(), pending]) });
  }
  // A password and no second factor yet: setup was left half done. The guard sends them to enrol.
  await staff.throttle.succeeded(email);
  await audit(
    ctx.database.db,
    { id: body.user?.id ?? null, email },
    { action: "sign-in", details: { method: "password, no second factor yet" } },
  );
  throw redirect(next, { headers: setCookieHeaders(response.headers.getSetCookie()) });
}

export async function readPendingSignIn(ctx: StaffContext, request: Request): Promise<{ email: string; next: string } | null> {
  const value = (await ctx.staff.pendingSignIn.parse(request.headers.get("Cookie"))) as { email?: unknown; next?: unknown } | null;
  return value && typeof value.email === "string" ? { email: value.email, next: safeNext(String(value.next ?? "")) } : null;
}

/** A six-digit code from the app, or a recovery code (two groups of five characters). */
export async function codeStep(ctx: StaffContext, request: Request, form: FormData) {
  const { staff } = ctx;
  const pending = await readPendingSignIn(ctx, request);
  if (!pending) throw redirect(href("/admin/login"));
  const code = String(form.get("code") ?? "")
    .replace(/\s+/g, "")
    .slice(0, 64);
  const address = ctx.hashAddress(ctx.clientAddress);
  const user = await knownAccount(ctx, pending.email);
  const actor = user ? { id: user.id, email: user.email } : SYSTEM;
  if (!code) return refuse("Enter the code from your authenticator app, or a recovery code.", 400);

  const wait = await staff.throttle.blockedFor(pending.email, address);
  if (wait) {
    await audit(ctx.database.db, actor, { action: "sign-in-throttled", target: `staff:${pending.email}`, details: { step: "code" } });
    return refuse(tooManyAttempts(wait), 429, { retryAfter: wait });
  }

  const isRecoveryCode = !/^\d{6}$/.test(code);
  const response = isRecoveryCode
    ? await staff.auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true })
    : await staff.auth.api.verifyTOTP({ body: { code }, headers: request.headers, asResponse: true });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    if (body.code === "INVALID_TWO_FACTOR_COOKIE") throw redirect(`${href("/admin/login")}?expired=1`);
    await staff.throttle.failed(pending.email, address);
    await audit(ctx.database.db, actor, {
      action: "sign-in-failed",
      target: `staff:${pending.email}`,
      details: { step: isRecoveryCode ? "recovery code" : "code" },
    });
    if (response.status === 429) return refuse(tooManyAttempts(15 * 60), 429, { retryAfter: 15 * 60 });
    return refuse(CODE_FAILED, 401);
  }
  await staff.throttle.succeeded(pending.email);
  await audit(ctx.database.db, actor, {
    action: isRecoveryCode ? "recovery-code-used" : "sign-in",
    details: { method: isRecoveryCode ? "recovery code" : "authenticator app" },
  });
  throw redirect(pending.next, {
    headers: setCookieHeaders([...response.headers.getSetCookie(), await staff.pendingSignIn.serialize("", { maxAge: 0 })]),
  });
}
