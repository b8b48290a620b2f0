/**
 * Unlocking the sealed inbox for one session (issue 35): the staff member's password opens their grants, the
 * keyring is kept for the session encrypted under a key only the unlock cookie holds (inbox-keys.server.ts),
 * and wrong passwords count against the account like the sign-in's.
 */
import { eq } from "drizzle-orm";
import { href, redirect, type RouterContextProvider } from "react-router";
import { forbidden } from "~/lib/responses";
import { pagePathOf } from "./http.server";
import { staffAccounts } from "../../db/schema";
import type { Keyring } from "~/lib/sealed-submissions.server";
import { audit, type Actor } from "./audit.server";
import {
  createInboxKey,
  finishRotation,
  InboxKeyError,
  indexPending,
  lockSession,
  personalKeyOf,
  readUnlock,
  storeUnlock,
  unlockWithPassword,
  unlockWithRecoveryKey,
} from "./inbox-keys.server";
import type { StaffContext } from "./service.server";
import { actorOf, staffSession, type StaffUser } from "./session.server";
import { tooManyAttempts } from "./sign-in.server";

/** The unlock cookie's Set-Cookie: its value, or null to make the browser forget it. */
export const unlockCookie = (ctx: StaffContext, value: string | null) =>
  value === null ? ctx.staff.unlock.serialize("", { maxAge: 0 }) : ctx.staff.unlock.serialize(value);

/** The signed-in session's keyring, or null while the inbox is locked for it. */
export async function sessionKeyring(
  ctx: StaffContext,
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Keyring | null> {
  const { sessionId } = staffSession(context);
  const cookie = (await ctx.staff.unlock.parse(request.headers.get("Cookie"))) as unknown;
  return readUnlock(ctx.database.db, sessionId, typeof cookie === "string" ? cookie : undefined, ctx.staff.settings.idleMinutes);
}

/**
 * The session's keyring, for pages that show nothing without it: a locked session reading one is sent to the
 * unlock page, which brings it back; a locked session posting to one is told to unlock.
 */
export async function requireKeyring(ctx: StaffContext, request: Request, context: Readonly<RouterContextProvider>): Promise<Keyring> {
  const keyring = await sessionKeyring(ctx, request, context);
  if (keyring) return keyring;
  if (request.method === "GET" || request.method === "HEAD") {
    throw redirect(`${href("/admin/unlock")}?next=${encodeURIComponent(pagePathOf(request))}`);
  }
  forbidden("The inbox is locked: unlock it, then try again.");
}

export type UnlockOutcome = { ok: true; setCookie: string } | { ok: false; error: string; status: number; retryAfter?: number };

const PROBLEMS = {
  "wrong-password": "That password does not unlock the inbox.",
  "wrong-recovery-key": "That is not a recovery key of this inbox. Check each group of four characters.",
  "no-grant":
    "Your account has not been given the inbox yet. An administrator who has unlocked it can give it to you on the Accounts page; until then, a recovery key opens it.",
  "no-key": "The inbox has no key yet. An administrator makes it on the Inbox key page.",
} as const;

/** Whether the password is the account's own, by the sign-in's hash. */
const signInPasswordCheck = (ctx: StaffContext, user: StaffUser, password: string) => async () => {
  const [account] = await ctx.database.db
    .select({ hash: staffAccounts.password })
    .from(staffAccounts)
    .where(eq(staffAccounts.userId, user.id));
  if (!account?.hash) return false;
  return (await ctx.staff.auth.$context).password.verify({ hash: account.hash, password });
};

/**
 * The first administrator makes the inbox key in the staff area: it is granted to them, their session is unlocked,
 * and its two recovery keys are returned to be shown once.
 */
export async function makeFirstInboxKey(
  ctx: StaffContext,
  context: Readonly<RouterContextProvider>,
  user: StaffUser,
  password: string,
): Promise<{ ok: true; recoveryKeys: string[]; setCookie: string } | { ok: false; error: string; status: number; retryAfter?: number }> {
  const { db } = ctx.database;
  const address = ctx.hashAddress(ctx.clientAddress);
  const wait = await ctx.staff.throttle.blockedFor(user.email, address);
  if (wait) return { ok: false, error: tooManyAttempts(wait), status: 429, retryAfter: wait };
  const typed = password.slice(0, 1024);
  const pair = await personalKeyOf(db, user.id, typed, signInPasswordCheck(ctx, user, typed));
  if (pair === "wrong-password") {
    await ctx.staff.throttle.failed(user.email, address);
    return { ok: false, error: "That password is not right.", status: 400 };
  }
  try {
    const { recoveryKeys } = await createInboxKey(db, actorOf(user), { userId: user.id, publicKey: pair.publicKey });
    const unlocked = await unlock(ctx, context, user, typed);
    if (!unlocked.ok) return unlocked;
    return { ok: true, recoveryKeys, setCookie: unlocked.setCookie };
  } catch (err) {
    if (err instanceof InboxKeyError) return { ok: false, error: err.message, status: 409 };
    throw err;
  }
}

/** Unlocks with the password, or with the password and a recovery key (which also gives this account the inbox). */
export async function unlock(
  ctx: StaffContext,
  context: Readonly<RouterContextProvider>,
  user: StaffUser,
  password: string,
  recoveryKey?: string,
): Promise<UnlockOutcome> {
  const { db } = ctx.database;
  const address = ctx.hashAddress(ctx.clientAddress);
  const wait = await ctx.staff.throttle.blockedFor(user.email, address);
  if (wait) return { ok: false, error: tooManyAttempts(wait), status: 429, retryAfter: wait };
  const typed = password.slice(0, 1024);
  const passwordIsTheirs = signInPasswordCheck(ctx, user, typed);
  const result = recoveryKey
    ? await unlockWithRecoveryKey(db, { id: user.id, email: user.email }, typed, recoveryKey)
    : await unlockWithPassword(db, user.id, typed, passwordIsTheirs);
  if ("problem" in result) {
    if (result.problem === "wrong-password" || result.problem === "wrong-recovery-key") {
      await ctx.staff.throttle.failed(user.email, address);
      await audit(db, actorOf(user), { action: "inbox-unlock-failed", details: { reason: result.problem } });
    }
    return {
      ok: false,
      error: PROBLEMS[result.problem],
      status: result.problem === "no-key" ? 409 : result.problem === "no-grant" ? 403 : 400,
    };
  }
  await ctx.staff.throttle.succeeded(user.email);
  const cookie = await storeUnlock(db, staffSession(context).sessionId, result.keyring);
  await audit(db, actorOf(user), { action: "inbox-unlocked" });
  // Without holding up the page: rows that arrived while everyone was locked get their blind index, and a rotation
  // that a restart interrupted is finished by the next person who holds both keys.
  afterUnlock(ctx, actorOf(user), result.keyring);
  return { ok: true, setCookie: await unlockCookie(ctx, cookie) };
}

/** Background work an unlocked keyring makes possible; failures are logged and retried at the next unlock. */
export function afterUnlock(ctx: StaffContext, actor: Actor, keyring: Keyring) {
  const { db } = ctx.database;
  const work = async () => {
    if (keyring.keys.size > 1) await finishRotation(db, actor, keyring);
    await indexPending(db, keyring);
  };
  work().catch((err: unknown) => ctx.staff.settings.logError("work on sealed submissions after an unlock failed", err));
}

/** Locks the inbox for this session now; the answer's Set-Cookie clears the cookie. */
export async function lock(ctx: StaffContext, context: Readonly<RouterContextProvider>, user: StaffUser): Promise<string> {
  await lockSession(ctx.database.db, staffSession(context).sessionId);
  await audit(ctx.database.db, actorOf(user), { action: "inbox-locked" });
  return unlockCookie(ctx, null);
}
