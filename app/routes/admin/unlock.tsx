import { data, href, Link, redirect } from "react-router";
import type { Route } from "./+types/unlock";
import { ActionNotice } from "~/components/staff/Controls";
import { UnlockForm } from "~/components/staff/Unlock";
import { appContext } from "~/context.server";
import { lock, sessionKeyring, unlock } from "~/staff/unlock.server";
import { safeNext } from "~/staff/sign-in.server";
import { staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Unlock the inbox · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  return {
    unlocked: (await sessionKeyring(ctx, request, context)) !== null,
    next: safeNext(url.searchParams.get("next")),
    recovery: url.searchParams.has("recovery"),
    idleMinutes: ctx.staff.settings.idleMinutes,
  };
}

type Result = { ok: false; error: string } | { ok: true; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const user = staffUser(context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "lock") {
    const cookie = await lock(ctx, context, user);
    return data<Result>({ ok: true, message: "The inbox is locked." }, { headers: { "Set-Cookie": cookie } });
  }
  if (intent !== "unlock" && intent !== "recover") return data<Result>({ ok: false, error: "Choose what to do." }, { status: 400 });
  const password = String(form.get("password") ?? "");
  if (!password) return data<Result>({ ok: false, error: "Type your password." }, { status: 400 });
  const recoveryKey = intent === "recover" ? String(form.get("recoveryKey") ?? "") : undefined;
  const outcome = await unlock(ctx, context, user, password, recoveryKey);
  if (!outcome.ok) {
    const headers = outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined;
    return data<Result>({ ok: false, error: outcome.error }, { status: outcome.status, headers });
  }
  throw redirect(safeNext(form.get("next")), { headers: { "Set-Cookie": outcome.setCookie } });
}

export { actionHeaders as headers } from "~/staff/http.server";

export default function Unlock({ loaderData, actionData }: Route.ComponentProps) {
  const { unlocked, next, recovery, idleMinutes } = loaderData;
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">{recovery ? "Unlock with a recovery key" : "Unlock the inbox"}</h1>
      <ActionNotice result={actionData} />
      {unlocked ? (
        <p className="mt-2">
          The inbox is unlocked for this session.{" "}
          <Link to={next} className="underline">
            Go back
          </Link>
        </p>
      ) : (
        <div className="max-w-3xl">
          <p className="mt-2">
            What people send through the website is sealed: the server alone cannot read it, and nor can anyone who copies its database.
            Your password opens it for this session only. It locks again when you sign out, after {idleMinutes} minutes without use, or when
            the site restarts.
          </p>
          {recovery ? (
            <p className="mt-2">
              A recovery key opens the inbox when no administrator can give it to you, and gives it to your account from then on. The
              organisation keeps two, printed, in two people&apos;s hands.
            </p>
          ) : null}
          <UnlockForm next={next} recovery={recovery} />
          {recovery ? null : (
            <p className="mt-6 text-sm">
              No administrator can give you the inbox?{" "}
              <Link to={`${href("/admin/unlock")}?recovery&next=${encodeURIComponent(next)}`} className="underline">
                Unlock with a recovery key
              </Link>
            </p>
          )}
        </div>
      )}
    </>
  );
}
