import { href, redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "~/context.server";
import { audit } from "~/staff/audit.server";
import { setCookieHeaders } from "~/staff/http.server";
import { readStaffSession } from "~/staff/session.server";
import { unlockCookie } from "~/staff/unlock.server";

/** Ends the session on the server: the old cookie opens nothing afterwards, and the inbox's unlock goes with it. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const { session } = await readStaffSession(ctx, request);
  const response = await ctx.staff.auth.api.signOut({ headers: request.headers, asResponse: true }).catch(() => null);
  if (session) await audit(ctx.database.db, { id: session.user.id, email: session.user.email }, { action: "sign-out" });
  // The session's unlock row went with the session (a foreign key); the browser forgets its cookie too.
  throw redirect(href("/admin/login"), {
    headers: setCookieHeaders([...(response?.headers.getSetCookie() ?? []), await unlockCookie(ctx, null)]),
  });
}

export const loader = () => redirect(href("/admin/login"));
