import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/enrol";
import { AuthenticatorStep, RecoveryCodes } from "~/components/staff/Enrolment";
import { Notice, StaffCard } from "~/components/staff/StaffShell";
import { TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import type { RouteHandle } from "~/lib/route-handle";
import { challengeFor, confirmEnrolment, startEnrolment } from "~/staff/enrolment.server";
import { staffUser } from "~/staff/session.server";
import { STAFF_HOME } from "~/staff/home";

export const handle: RouteHandle = { hydrate: true, staffArea: true };

export { actionHeaders as headers } from "~/staff/http.server";
import { setCookieHeaders } from "~/staff/http.server";

export const meta = () => [{ title: "Set up your authenticator app · Staff area" }, { name: "robots", content: "noindex" }];

/** Not a redirect once enrolled: right after the code is confirmed, this same page shows the recovery codes. */
export function loader({ context }: Route.LoaderArgs) {
  return { enrolled: staffUser(context).hasSecondFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = staffUser(context);
  if (user.hasSecondFactor) throw redirect(STAFF_HOME);
  const form = await request.formData();
  if (form.get("intent") === "confirm") {
    const result = await confirmEnrolment(ctx, request, user, String(form.get("code") ?? ""));
    if (result.ok) {
      return data({ step: "codes" as const, codes: result.recoveryCodes }, { headers: setCookieHeaders(result.setCookies) });
    }
    const challenge = await challengeFor(String(form.get("uri") ?? ""));
    if (!challenge) return data({ step: "password" as const, error: "Please start again." }, { status: 400 });
    return data(
      { step: "authenticator" as const, ...challenge, error: "That code is not right. Try the code the app shows now." },
      { status: 400 },
    );
  }
  const challenge = await startEnrolment(ctx, request.headers, String(form.get("password") ?? ""));
  if (!challenge) return data({ step: "password" as const, error: "That password is not right." }, { status: 400 });
  return { step: "authenticator" as const, ...challenge };
}

export default function Enrol({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.step === "codes") {
    return <RecoveryCodes codes={actionData.codes} />;
  }
  if (actionData?.step === "authenticator") {
    return <AuthenticatorStep {...actionData} />;
  }
  if (loaderData.enrolled) {
    return (
      <StaffCard title="Authenticator app">
        <p>Your authenticator app is set up.</p>
        <Link to={STAFF_HOME} className="btn-primary w-full">
          Go to the inbox
        </Link>
      </StaffCard>
    );
  }
  return (
    <StaffCard title="Set up your authenticator app">
      <p>Every staff account signs in with a password and a code from an authenticator app. Confirm your password to set up the app.</p>
      {actionData?.error ? <Notice kind="error">{actionData.error}</Notice> : null}
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="start" />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
        <button type="submit" className="btn-primary w-full">
          Continue
        </button>
      </Form>
    </StaffCard>
  );
}
