import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { StaffShell } from "~/components/staff/StaffShell";
import { errorBoundary } from "~/components/ui/ErrorViews";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { INBOXES } from "~/staff/inbox-forms";
import { newCounts } from "~/staff/inbox.server";
import { requireStaffSession, staffUser } from "~/staff/session.server";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export const middleware: Route.MiddlewareFunction[] = [requireStaffSession((context) => context.get(appContext))];

export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
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

export const ErrorBoundary = errorBoundary({ staffArea: true });
