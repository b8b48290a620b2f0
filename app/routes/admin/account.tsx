import { data, Form, href, useRevalidator } from "react-router";
import type { Route } from "./+types/account";
import { ActionNotice, StaffTable } from "~/components/staff/Controls";
import { RecoveryCodes } from "~/components/staff/Enrolment";
import { DateCell } from "~/components/staff/InboxParts";
import { TextField } from "~/components/forms/fields";
import { appContext } from "~/context.server";
import { listOwnPasskeys, recoveryCodesLeft, removeOwnPasskey, renewRecoveryCodes } from "~/staff/own-account.server";
import { AddPasskey } from "~/components/staff/Passkeys";
import { staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "My account · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const user = staffUser(context);
  const [passkeys, codesLeft] = await Promise.all([listOwnPasskeys(ctx, request.headers), recoveryCodesLeft(ctx, user)]);
  return { email: user.email, role: user.role, passkeys, codesLeft };
}

type Result = { ok: true; message: string } | { ok: false; error: string } | { codes: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = staffUser(context);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "remove-passkey": {
      const removed = await removeOwnPasskey(ctx, user, request.headers, String(form.get("id") ?? ""));
      return removed
        ? data<Result>({ ok: true, message: "Passkey removed." })
        : data<Result>({ ok: false, error: "That passkey was not found." }, { status: 404 });
    }
    case "renew-codes": {
      const renewed = await renewRecoveryCodes(ctx, user, request.headers, String(form.get("password") ?? ""));
      if (renewed.ok) return data<Result>({ codes: renewed.codes });
      const headers = renewed.retryAfter ? { "Retry-After": String(renewed.retryAfter) } : undefined;
      return data<Result>({ ok: false, error: renewed.error }, { status: renewed.status, headers });
    }
    default:
      return data<Result>({ ok: false, error: "Choose what to do." }, { status: 400 });
  }
}

export { actionHeaders as headers } from "~/staff/http.server";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { email, role, passkeys, codesLeft } = loaderData;
  if (actionData && "codes" in actionData) {
    return (
      <RecoveryCodes
        codes={actionData.codes}
        title="Your new recovery codes"
        confirmation="Your old recovery codes no longer work."
        done={{ to: href("/admin/account"), label: "I have saved them: back to my account" }}
      />
    );
  }
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">My account</h1>
      <p className="mt-2">
        Signed in as <strong className="break-words">{email}</strong>, {role === "admin" ? "administrator" : "staff"}. To change your
        password or authenticator app, ask an administrator to reset your account.
      </p>
      <ActionNotice result={actionData} />

      <section aria-labelledby="passkeys" className="mt-6 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
        <h2 id="passkeys" className="font-serif text-xl font-bold text-navy-900">
          Passkeys
        </h2>
        <p className="mt-1">
          A passkey signs you in with your fingerprint, face or device PIN, in place of your password and code. Your authenticator app keeps
          working.
        </p>
        {passkeys.length === 0 ? (
          <p className="mt-3 text-sand-700">You have no passkeys.</p>
        ) : (
          <StaffTable caption="Your passkeys" headers={["Name", "Added", <span className="sr-only">Remove</span>]}>
            {passkeys.map((p) => (
              <tr key={p.id} className="border-b border-sand-200">
                <td className="p-3" dir="auto">
                  {p.name}
                </td>
                <DateCell iso={p.createdAt} />
                <td className="p-3">
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-passkey" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className="text-red-800 underline">
                      Remove<span className="sr-only"> passkey {p.name}</span>
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
        <div className="mt-4">
          <AddPasskey onAdded={revalidate} />
        </div>
      </section>

      <section aria-labelledby="recovery" className="mt-6 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
        <h2 id="recovery" className="font-serif text-xl font-bold text-navy-900">
          Recovery codes
        </h2>
        <p className="mt-1">
          You have <strong>{codesLeft}</strong> unused recovery {codesLeft === 1 ? "code" : "codes"}. New codes replace all the old ones.
        </p>
        <Form method="post" className="mt-3 max-w-md space-y-4">
          <input type="hidden" name="intent" value="renew-codes" />
          <TextField name="password" label="Your password" type="password" autoComplete="current-password" required />
          <button type="submit" className="btn-secondary text-navy-900">
            Get new recovery codes
          </button>
        </Form>
      </section>
    </>
  );
}
