/**
 * Who is signed in to the staff area, checked on every request under /admin (the admin layout's
 * middleware). Ends sessions older than SESSION_MAX_HOURS, and sends accounts without a second factor
 * to enrol one before anything else.
 */
import { eq } from "drizzle-orm";
import { createContext, href, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { staffSessions } from "../../db/schema";
import { STAFF_AREA } from "~/lib/http";
import { forbidden, unauthorized } from "~/lib/responses";
import { audit, type Actor } from "./audit.server";
import { pagePathOf, setCookieHeaders } from "./http.server";
import { SESSION_MAX_HOURS, type StaffRole } from "./auth.server";
import type { StaffContext } from "./service.server";

export interface StaffUser {
  id: string;
  email: string;
  role: StaffRole;
  /**
   * The authenticator app is set up. Every account has one before anything else (passkeys can only be
   * added afterwards, and a reset removes both), so a password alone never opens the staff area.
   */
  hasSecondFactor: boolean;
}

export interface StaffSession {
  user: StaffUser;
  sessionId: string;
}

const staffSessionContext = createContext<StaffSession>();

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The signed-in account, with the cookies the library wants refreshed, or null. */
export async function readStaffSession(
  ctx: StaffContext,
  request: Request,
): Promise<{ session: StaffSession | null; setCookies: string[] }> {
  const { auth } = ctx.staff;
  const { db } = ctx.database;
  const result = await auth.api.getSession({ headers: request.headers, returnHeaders: true }).catch(() => null);
  const setCookies = result?.headers.getSetCookie() ?? [];
  const found = result?.response;
  if (!found) return { session: null, setCookies };
  const actor: Actor = { id: found.user.id, email: found.user.email };
  if (Date.now() - new Date(found.session.createdAt).getTime() > SESSION_MAX_HOURS * 3_600_000) {
    await db.delete(staffSessions).where(eq(staffSessions.id, found.session.id));
    await audit(db, actor, { action: "session-expired" });
    return { session: null, setCookies };
  }
  return {
    session: {
      sessionId: found.session.id,
      user: {
        id: found.user.id,
        email: found.user.email,
        role: found.user.role === "admin" ? "admin" : "staff",
        hasSecondFactor: Boolean(found.user.twoFactorEnabled),
      },
    },
    setCookies,
  };
}

/**
 * The admin layout's middleware: no session, no staff area. `contextOf` finds the staff area's services in
 * the request context (the route passes app/context.server.ts's).
 */
export function requireStaffSession(contextOf: (context: Readonly<RouterContextProvider>) => StaffContext): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const { session, setCookies } = await readStaffSession(contextOf(context), request);
    const back = pagePathOf(request);
    const enrol = href("/admin/authenticator");
    if (!session) {
      if (!isRead(request)) unauthorized("Your session has ended. Please sign in again.");
      const login = href("/admin/login");
      throw redirect(back === STAFF_AREA ? login : `${login}?next=${encodeURIComponent(back)}`, { headers: setCookieHeaders(setCookies) });
    }
    if (!session.user.hasSecondFactor && back.split("?")[0] !== enrol) {
      if (!isRead(request)) forbidden("Set up your authenticator app first.");
      throw redirect(enrol);
    }
    enterSession(context, session);
    const response = await next();
    for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
    return response;
  };
}

/** Puts the signed-in account in the request's context, where the staff pages find it (`staffUser`). */
export const enterSession = (context: Readonly<RouterContextProvider>, session: StaffSession) => context.set(staffSessionContext, session);

export const staffUser = (context: Readonly<RouterContextProvider>) => context.get(staffSessionContext).user;
export const staffSession = (context: Readonly<RouterContextProvider>) => context.get(staffSessionContext);
export const actorOf = (user: StaffUser): Actor => ({ id: user.id, email: user.email });

/** Admin-only pages (accounts, audit log) answer 403 to a staff account. */
export function requireRole(context: Readonly<RouterContextProvider>, role: StaffRole): StaffUser {
  const user = staffUser(context);
  if (role === "admin" && user.role !== "admin") forbidden("Only administrators can open this page.");
  return user;
}
