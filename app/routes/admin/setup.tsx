import { data, Form } from "react-router";
import type { Route } from "./+types/setup";
import { AuthenticatorStep } from "~/components/staff/Enrolment";
import { Notice, StaffCard, StaffShell } from "~/components/staff/StaffShell";
import { TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { startEnrolment } from "~/staff/enrolment.server";
import { MIN_PASSWORD_LENGTH, passwordProblem } from "~/staff/password.server";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export { actionHeaders as headers } from "~/staff/http.server";
import { setCookieHeaders } from "~/staff/http.server";

export const meta = () => [{ title: "Set up your account · Staff area" }, { name: "robots", content: "noindex" }];

const LINK_GONE = "This setup link has expired or has already been used. Ask an administrator for a new one.";

/** Not thrown: after the password step has used the link, the same request still renders step 2. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const user = await context.get(appContext).staff.accounts.setupUser(params.token);
  return data({ email: user?.email ?? null, minLength: MIN_PASSWORD_LENGTH }, { status: user ? 200 : 410 });
}

export const shouldRevalidate = () => false;

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const user = await ctx.staff.accounts.setupUser(params.token);
  if (!user) return data({ step: "gone" as const, error: LINK_GONE }, { status: 410 });
  const problem =
    (await passwordProblem(password, [user.email, ...user.email.split(/[@.]/), ctx.content.site.organization.name])) ??
    (password === String(form.get("confirm") ?? "") ? null : "The two passwords are not the same.");
  if (problem) return data({ step: "password" as const, error: problem }, { status: 400 });

  if (!(await ctx.staff.accounts.completePasswordStep(params.token, password))) {
    return data({ step: "gone" as const, error: LINK_GONE }, { status: 410 });
  }
  // Signed in with the new password, but the guard lets this session reach only the enrolment step.
  const signIn = await ctx.staff.auth.api.signInEmail({
    body: { email: user.email, password },
    headers: request.headers,
    asResponse: true,
  });
  const setCookies = signIn.headers.getSetCookie();
  const session = new Headers({ Cookie: setCookies.map((c) => c.split(";")[0]).join("; ") });
  const challenge = await startEnrolment(ctx, session, password);
  const headers = setCookieHeaders(setCookies);
  if (!challenge)
    return data({ step: "gone" as const, error: "Something went wrong. Please sign in to continue." }, { status: 500, headers });
  return data({ step: "authenticator" as const, ...challenge }, { headers });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.step === "authenticator") {
    return (
      <StaffShell nav={null}>
        <AuthenticatorStep {...actionData} />
      </StaffShell>
    );
  }
  if (!loaderData.email || actionData?.step === "gone") {
    return (
      <StaffShell nav={null}>
        <StaffCard title="Set up your account">
          <Notice kind="error">{actionData?.error ?? LINK_GONE}</Notice>
        </StaffCard>
      </StaffShell>
    );
  }
  return (
    <StaffShell nav={null}>
      <StaffCard title="Step 1 of 3: choose a password">
        <p>
          Welcome. You are setting up the staff account for <strong>{loaderData.email}</strong>.
        </p>
        {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
        <Form method="post" className="space-y-4">
          <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <TextField
            name="password"
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${loaderData.minLength} characters. A few unrelated words are easy to remember and hard to guess.`}
          />
          <TextField name="confirm" label="New password again" type="password" autoComplete="new-password" required />
          <button type="submit" className="btn-primary w-full">
            Continue
          </button>
        </Form>
      </StaffCard>
    </StaffShell>
  );
}
