/**
 * Route modules called as React Router calls them, without a browser: a `Request`, the request context the
 * server builds (app/context.server.ts, from services made by server/services.ts on an embedded database in
 * memory), and, for the staff area, the account its layout's middleware would have found signed in.
 */
import type { RouterContextProvider } from "react-router";
import { requestContext } from "../../app/context.server";
import { enterSession, type StaffUser } from "../../app/staff/session.server";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createServices, type Services } from "../../server/services";
import { migratedEmbeddedDump } from "./databases";
import { keyringOf } from "./inbox-key";
import { staffSessions, staffUsers } from "../../db/schema";
import { storeUnlock } from "../../app/staff/inbox-keys.server";

export const ORIGIN = "http://localhost";

export const ADMIN: StaffUser = { id: "route-admin", email: "admin@example.org", role: "admin", hasSecondFactor: true };
export const STAFF: StaffUser = { id: "route-staff", email: "staff@example.org", role: "staff", hasSecondFactor: true };

/** What a loader or an action came to: its status, where it redirected, and the data it answered with. */
export interface Answer<T = unknown> {
  status: number;
  location: string | null;
  data: T;
}

type RouteArgs = { request: Request; params: Record<string, string>; context: RouterContextProvider };
type RouteFunction = (args: never) => unknown;

/** A thrown or returned `data()`, a Response (a redirect), or plain data, as one answer. */
async function answerOf(outcome: unknown): Promise<Answer> {
  if (outcome instanceof Response) {
    const type = outcome.headers.get("Content-Type") ?? "";
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      data: type.includes("json") ? await outcome.json() : await outcome.text(),
    };
  }
  const wrapped = outcome as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } } | null;
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: new Headers(wrapped.init?.headers).get("Location"), data: wrapped.data };
  return { status: 200, location: null, data: outcome };
}

/** The services a server builds, on an embedded database in memory, and ways to call routes with them. */
export async function routeHarness(env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: "memory://", SITE_URL: ORIGIN, LOG_LEVEL: "silent", ...env });
  const services: Services = await createServices(config, createLogger("silent"), "server", {
    keepPages: false,
    loadDataDir: await migratedEmbeddedDump(),
  });

  /** A request's context, with `user` signed in (none: signed out), for a request to `pathname` (its language's edition). */
  function contextFor(user: StaffUser | null = ADMIN, pathname = "/"): RouterContextProvider {
    const context = requestContext(
      { ...services.app, enhanceScriptUrl: "/enhance.js" },
      { nonce: "route-test", clientAddress: "127.0.0.1" },
      pathname,
    );
    if (user) enterSession(context, { user, sessionId: `session-${user.id}` });
    return context;
  }

  /** Each account's unlock cookie, once `unlock` has unlocked the inbox for its session. */
  const unlockCookies = new Map<string, string>();

  /**
   * Unlocks the inbox for `user`'s session as the unlock page would (the database's inbox key made on first use):
   * their requests from then on carry the unlock cookie.
   */
  async function unlock(user: StaffUser = ADMIN) {
    const { db } = services.database;
    await db.insert(staffUsers).values({ id: user.id, email: user.email, name: user.email, role: user.role }).onConflictDoNothing();
    const sessionId = `session-${user.id}`;
    await db
      .insert(staffSessions)
      .values({ id: sessionId, token: sessionId, userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
      .onConflictDoNothing();
    const setCookie = await services.app.staff.unlock.serialize(await storeUnlock(db, sessionId, await keyringOf(db)));
    unlockCookies.set(user.id, setCookie.split(";")[0]!);
  }

  async function call<T>(fn: RouteFunction, request: Request, params: Record<string, string>, user: StaffUser | null): Promise<Answer<T>> {
    const cookie = user && unlockCookies.get(user.id);
    if (cookie) request.headers.set("Cookie", cookie);
    const args: RouteArgs = { request, params, context: contextFor(user, new URL(request.url).pathname) };
    try {
      return (await answerOf(await (fn as (args: RouteArgs) => unknown)(args))) as Answer<T>;
    } catch (thrown) {
      return (await answerOf(thrown)) as Answer<T>;
    }
  }

  return {
    services,
    contextFor,
    unlock,
    /** A loader, for a GET of `path`. */
    get: <T = Record<string, unknown>>(
      loader: RouteFunction,
      path: string,
      params: Record<string, string> = {},
      user: StaffUser | null = ADMIN,
    ) => call<T>(loader, new Request(`${ORIGIN}${path}`), params, user),
    /** An action, for a form posted to `path`. */
    post: <T = Record<string, unknown>>(
      action: RouteFunction,
      path: string,
      form: FormData | Record<string, string>,
      params: Record<string, string> = {},
      user: StaffUser | null = ADMIN,
    ) => {
      const body = form instanceof FormData ? form : new URLSearchParams(form);
      return call<T>(action, new Request(`${ORIGIN}${path}`, { method: "POST", body }), params, user);
    },
    close: () => services.close(),
  };
}

export type RouteHarness = Awaited<ReturnType<typeof routeHarness>>;
