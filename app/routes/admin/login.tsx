import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { Notice, StaffCard, StaffShell } from "~/components/staff/StaffShell";
import { TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { readStaffSession } from "~/staff/session.server";
import { passwordStep, safeNext } from "~/staff/sign-in.server";
import { PasskeySignIn } from "~/components/staff/Passkeys";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export { actionHeaders as headers } from "~/staff/http.server";

export const meta = () => [{ title: "Sign in · Staff area" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  const { session } = await readStaffSession(ctx, request);
  if (session?.user.hasSecondFactor) throw redirect(next);
  return { next, expired: url.searchParams.has("expired") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return passwordStep(context.get(appContext), request, await request.formData());
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <StaffShell nav={null}>
      <StaffCard title="Sign in">
        {loaderData.expired ? <Notice kind="error">That sign-in took too long. Please start again.</Notice> : null}
        {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
        <Form method="post" className="space-y-4">
          <input type="hidden" name="next" value={loaderData.next} />
          <TextField name="email" label="Email" type="email" autoComplete="username webauthn" required defaultValue={actionData?.email} />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? "Signing in…" : "Continue"}
          </button>
        </Form>
        <PasskeySignIn next={loaderData.next} />
      </StaffCard>
    </StaffShell>
  );
}
