import { Form, href, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-code";
import { Notice, StaffCard, StaffShell } from "~/components/staff/StaffShell";
import { TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { codeStep, readPendingSignIn } from "~/staff/sign-in.server";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export { actionHeaders as headers } from "~/staff/http.server";

export const meta = () => [{ title: "Enter your code · Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await readPendingSignIn(context.get(appContext), request))) throw redirect(href("/admin/login"));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return codeStep(context.get(appContext), request, await request.formData());
}

export default function LoginCode({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <StaffShell nav={null}>
      <StaffCard title="Enter your code">
        {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
        <Form method="post" className="space-y-4">
          <TextField
            name="code"
            label="Code"
            hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
            autoComplete="one-time-code"
            required
            autoFocus
          />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Checking…" : "Sign in"}
          </button>
        </Form>
        <p className="text-sm">
          <Link to={href("/admin/login")} className="underline">
            Start again
          </Link>
        </p>
      </StaffCard>
    </StaffShell>
  );
}
