/**
 * Who is signed in to the staff area, checked on every request under /admin (the admin layout's
 * middleware). Ends sessions older than SESSION_MAX_HOURS, and sends accounts without a second factor
 * to enrol one before anything else.
 */
import { eq } from "drizzle-orm";
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { staffSessions } from "../../db/schema";
import { appContext, type AppRequestContext } from "~/lib/app-context";
import { audit, type Actor } from "./audit.server";
import { pagePathOf, setCookieHeaders } from "./http.server";
import { SESSION_MAX_HOURS, type StaffRole } from "./auth.server";

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

export const staffSessionContext = createContext<StaffSession>();

export const ENROL_PATH = "/admin/authenticator";
export const LOGIN_PATH = "/admin/login";

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

/** The signed-in account, with the cookies the library wants refreshed, or null. */
export async function readStaffSession(
  ctx: AppRequestContext,
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

/** The admin layout's middleware: no session, no staff area. */
export const requireStaffSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const ctx = context.get(appContext);
  const { session, setCookies } = await readStaffSession(ctx, request);
  const back = pagePathOf(request);
  const path = back.split("?")[0]!;
  if (!session) {
    if (!isRead(request)) throw data({ error: "Your session has ended. Please sign in again." }, { status: 401 });
    throw redirect(`${LOGIN_PATH}${back === "/admin" ? "" : `?next=${encodeURIComponent(back)}`}`, {
      headers: setCookieHeaders(setCookies),
    });
  }
  if (!session.user.hasSecondFactor && path !== ENROL_PATH) {
    if (!isRead(request)) throw data({ error: "Set up your authenticator app first." }, { status: 403 });
    throw redirect(ENROL_PATH);
  }
  context.set(staffSessionContext, session);
  const response = await next();
  for (const cookie of setCookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

export const staffUser = (context: Readonly<RouterContextProvider>) => context.get(staffSessionContext).user;
export const actorOf = (user: StaffUser): Actor => ({ id: user.id, email: user.email });

/** Admin-only pages (accounts, audit log) answer 403 to a staff account. */
export function requireRole(context: Readonly<RouterContextProvider>, role: StaffRole): StaffUser {
  const user = staffUser(context);
  if (role === "admin" && user.role !== "admin") throw data({ error: "Only administrators can open this page." }, { status: 403 });
  return user;
}
