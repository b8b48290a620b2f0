import { isRouteErrorResponse, Link, Outlet, useRouteError } from "react-router";
import type { Route } from "./+types/layout";
import { Notice, StaffShell } from "~/components/staff/StaffShell";
import { content } from "~/content/content.server";
import { appContext } from "~/lib/app-context";
import type { RouteHandle } from "~/lib/route-handle";
import { INBOXES } from "~/staff/inbox";
import { newCounts } from "~/staff/inbox.server";
import { requireStaffSession, staffUser } from "~/staff/session.server";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export const middleware: Route.MiddlewareFunction[] = [requireStaffSession];

export async function loader({ context }: Route.LoaderArgs) {
  const user = staffUser(context);
  const organization = content.site.organization.name;
  if (!user.hasSecondFactor) return { nav: null };
  const counts = await newCounts(context.get(appContext).database.db, Object.values(INBOXES));
  return { nav: { organization, email: user.email, role: user.role, newCounts: counts } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell nav={loaderData.nav}>
      <Outlet />
    </StaffShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const said = isRouteErrorResponse(error) ? (error.data as { error?: string } | null)?.error : undefined;
  const message =
    said ?? (status === 404 ? "There is nothing at this address. It may have been deleted." : "Something went wrong. Please try again.");
  return (
    <StaffShell nav={null}>
      <title>{`${status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Error"} · Staff area`}</title>
      <h1 className="font-serif text-2xl font-bold text-navy-900">
        {status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Error"}
      </h1>
      <div className="mt-4 max-w-xl space-y-4">
        <Notice kind="error">{message}</Notice>
        <Link to="/admin/messages" className="underline">
          Back to the inbox
        </Link>
      </div>
    </StaffShell>
  );
}
