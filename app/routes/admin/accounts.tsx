import { data, Form } from "react-router";
import type { Route } from "./+types/accounts";
import { Notice } from "~/components/staff/StaffShell";
import { StaffTable } from "~/components/staff/Controls";
import { DateCell } from "~/components/staff/InboxParts";
import { appContext } from "~/context.server";
import { AccountError } from "~/staff/accounts.server";
import { STAFF_ROLES, type StaffRole } from "~/staff/auth.server";
import { actorOf, requireRole } from "~/staff/session.server";

export const meta = () => [{ title: "Accounts · Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const rows = await context.get(appContext).staff.accounts.list();
  return { accounts: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

type Result = { ok: true; message: string; link?: string } | { ok: false; error: string };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "admin");
  const { accounts } = context.get(appContext).staff;
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const actor = actorOf(user);
  try {
    switch (form.get("intent")) {
      case "invite": {
        const role = String(form.get("role"));
        if (!STAFF_ROLES.includes(role as StaffRole)) return data<Result>({ ok: false, error: "Choose a role." }, { status: 400 });
        const link = await accounts.add(actor, email, role as StaffRole);
        return data<Result>({
          ok: true,
          message: `Invited ${email.trim().toLowerCase()}. Send them this link; it works once, for 24 hours:`,
          link,
        });
      }
      case "reset": {
        const link = await accounts.reset(actor, email);
        return data<Result>({ ok: true, message: `Reset ${email}. Their sessions have ended. Send them this new setup link:`, link });
      }
      case "disable":
      case "enable":
        if (email === user.email) return data<Result>({ ok: false, error: "You cannot disable your own account." }, { status: 400 });
        await accounts.setDisabled(actor, email, form.get("intent") === "disable");
        return data<Result>({ ok: true, message: `${form.get("intent") === "disable" ? "Disabled" : "Enabled"} ${email}.` });
      default:
        return data<Result>({ ok: false, error: "Choose what to do." }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof AccountError) return data<Result>({ ok: false, error: err.message }, { status: 400 });
    throw err;
  }
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">Accounts</h1>
      {actionData ? (
        <div className="mt-4 space-y-2">
          {actionData.ok ? <Notice kind="ok">{actionData.message}</Notice> : <Notice kind="error">{actionData.error}</Notice>}
          {actionData.ok && actionData.link ? (
            <code className="block rounded bg-white px-3 py-2 break-all" data-testid="setup-link">
              {actionData.link}
            </code>
          ) : null}
        </div>
      ) : null}

      <section aria-labelledby="invite" className="mt-6 max-w-2xl rounded-lg bg-white p-5 shadow-sm">
        <h2 id="invite" className="font-serif text-xl font-bold text-navy-900">
          Invite someone
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <label className="flex grow flex-col font-semibold">
            Email
            <input
              type="email"
              name="email"
              required
              autoComplete="off"
              className="mt-1 rounded border border-sand-700/40 px-3 py-2 font-normal"
            />
          </label>
          <label className="flex flex-col font-semibold">
            Role
            <select name="role" defaultValue="staff" className="mt-1 rounded border border-sand-700/40 bg-white px-2 py-2 font-normal">
              <option value="staff">Staff: inbox and news</option>
              <option value="admin">Admin: also accounts and audit log</option>
            </select>
          </label>
          <button type="submit" className="btn-primary">
            Create setup link
          </button>
        </Form>
      </section>

      <StaffTable caption="Staff accounts" headers={["Email", "Role", "State", "Since", "Actions"]}>
        {loaderData.accounts.map((a) => (
          <tr key={a.id} className="border-b border-sand-200">
            <td className="p-3 break-all">{a.email}</td>
            <td className="p-3">{a.role}</td>
            <td className="p-3">
              {a.disabled
                ? "Disabled"
                : a.twoFactorEnabled
                  ? `Active${a.passkeys ? `, ${a.passkeys} passkey${a.passkeys > 1 ? "s" : ""}` : ""}`
                  : a.pendingSetup
                    ? "Setup link sent"
                    : "Setup not finished"}
            </td>
            <DateCell iso={a.createdAt} />
            <td className="p-3">
              <div className="flex flex-wrap gap-2">
                {(a.disabled ? ["enable", "reset"] : ["disable", "reset"]).map((intent) => (
                  <Form method="post" key={intent}>
                    <input type="hidden" name="email" value={a.email} />
                    <input type="hidden" name="intent" value={intent} />
                    <button type="submit" className="rounded border border-navy-700 px-2 py-1 font-semibold text-navy-800">
                      {intent === "enable" ? "Enable" : intent === "disable" ? "Disable" : "Reset"}
                      <span className="sr-only"> {a.email}</span>
                    </button>
                  </Form>
                ))}
              </div>
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
