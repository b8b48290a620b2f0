import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/inbox-key";
import { ActionNotice, StaffTable } from "~/components/staff/Controls";
import { When } from "~/components/staff/InboxParts";
import { TextField } from "~/components/forms/fields";
import { LockedNotice } from "~/components/staff/Unlock";
import { appContext } from "~/context.server";
import { pagePathOf } from "~/staff/http.server";
import {
  finishRotation,
  grantInbox,
  inboxHolders,
  inboxKeyStatus,
  InboxKeyError,
  revokeInbox,
  rotateInboxKey,
} from "~/staff/inbox-keys.server";
import { actorOf, requireRole } from "~/staff/session.server";
import { makeFirstInboxKey, requireKeyring, sessionKeyring } from "~/staff/unlock.server";

export const meta = () => [{ title: "Inbox key · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const ctx = context.get(appContext);
  const { db } = ctx.database;
  const [status, holders, accounts, keyring] = await Promise.all([
    inboxKeyStatus(db),
    inboxHolders(db),
    ctx.staff.accounts.list(),
    sessionKeyring(ctx, request, context),
  ]);
  return {
    unlocked: keyring !== null,
    here: pagePathOf(request),
    idleMinutes: ctx.staff.settings.idleMinutes,
    key: status.current ? { id: status.current.id, createdAt: status.current.createdAt.toISOString() } : null,
    rotating: status.olderKeys.length > 0,
    rowsOnOlderKeys: status.rowsOnOlderKeys,
    rowsNotSealed: status.rowsNotSealed,
    accounts: accounts.map((a) => ({
      email: a.email,
      role: a.role,
      disabled: Boolean(a.disabled),
      holds: holders.granted.has(a.id),
      canBeGiven: holders.canBeGranted.has(a.id),
    })),
  };
}

type Result = { ok: true; message: string } | { ok: false; error: string } | { recoveryKeys: string[]; made: "first" | "replacement" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireRole(context, "admin");
  const ctx = context.get(appContext);
  const { db } = ctx.database;
  const form = await request.formData();
  const actor = actorOf(user);
  const intent = form.get("intent");
  if (intent === "make") {
    const made = await makeFirstInboxKey(ctx, context, user, String(form.get("password") ?? ""));
    if (!made.ok) {
      const headers = made.retryAfter ? { "Retry-After": String(made.retryAfter) } : undefined;
      return data<Result>({ ok: false, error: made.error }, { status: made.status, headers });
    }
    return data<Result>({ recoveryKeys: made.recoveryKeys, made: "first" }, { headers: { "Set-Cookie": made.setCookie } });
  }
  const keyring = await requireKeyring(ctx, request, context);
  const email = String(form.get("email") ?? "");
  const account = (await ctx.staff.accounts.list()).find((a) => a.email === email);
  try {
    switch (intent) {
      case "grant":
        if (!account) return data<Result>({ ok: false, error: "No such account." }, { status: 404 });
        await grantInbox(db, actor, keyring, account);
        return data<Result>({ ok: true, message: `${email} can now unlock the inbox with their own password.` });
      case "revoke":
        if (!account) return data<Result>({ ok: false, error: "No such account." }, { status: 404 });
        await revokeInbox(db, actor, account);
        return data<Result>({ ok: true, message: `${email} can no longer unlock the inbox.` });
      case "rotate": {
        if (form.get("confirmed") !== "yes") return data<Result>({ ok: false, error: "Tick the box to confirm." }, { status: 400 });
        const rotated = await rotateInboxKey(db, actor, keyring);
        // Every row's data key moves to the new key in the background; then the old key is destroyed.
        finishRotation(db, actor, rotated.keyring).catch((err: unknown) =>
          ctx.staff.settings.logError("finishing a key rotation failed", err),
        );
        return data<Result>({ recoveryKeys: rotated.recoveryKeys, made: "replacement" });
      }
      default:
        return data<Result>({ ok: false, error: "Choose what to do." }, { status: 400 });
    }
  } catch (err) {
    if (err instanceof InboxKeyError) return data<Result>({ ok: false, error: err.message }, { status: 409 });
    throw err;
  }
}

export { actionHeaders as headers } from "~/staff/http.server";

/** Shown once: the organisation prints them and gives each to a different person. */
function RecoveryKeys({ keys, made }: { keys: string[]; made: "first" | "replacement" }) {
  return (
    <section aria-labelledby="recovery-keys" className="mt-6 max-w-3xl rounded-lg border-2 border-navy-700 bg-white p-6">
      <h2 id="recovery-keys" className="font-serif text-2xl font-bold text-navy-900">
        {made === "first" ? "The inbox key is made: print its two recovery keys" : "The key is replaced: print its two new recovery keys"}
      </h2>
      <p className="mt-2">
        Each recovery key opens every message and sign-up, even if no one can sign in. Print this page, cut the two keys apart, and give
        each to a different trusted person to keep somewhere safe and offline. <strong>They are shown only now</strong>: the site keeps no
        copy.
        {made === "replacement"
          ? " The old recovery keys stop working once every item has moved to the new key, in a few minutes: destroy them then."
          : ""}
      </p>
      <ol className="mt-4 space-y-4" data-testid="inbox-recovery-keys">
        {keys.map((key, i) => (
          <li key={key} className="rounded border border-dashed border-sand-700 p-4">
            <p className="font-semibold">Recovery key {i + 1} of 2</p>
            <p className="mt-1 font-mono text-lg break-all" dir="ltr">
              {key}
            </p>
          </li>
        ))}
      </ol>
      <Link to={href("/admin/inbox-key")} className="btn-primary mt-4">
        I have printed them
      </Link>
    </section>
  );
}

export default function InboxKey({ loaderData: d, actionData }: Route.ComponentProps) {
  if (actionData && "recoveryKeys" in actionData) return <RecoveryKeys keys={actionData.recoveryKeys} made={actionData.made} />;
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">Inbox key</h1>
      <p className="mt-2 max-w-3xl">
        Everything people send through the website is sealed to the inbox key. Only staff given the key can unlock the inbox, each with
        their own password; a copy of the database or the server&apos;s disk reveals nothing without it.
      </p>
      <ActionNotice result={actionData} />
      {d.key === null ? (
        <section aria-labelledby="make" className="mt-6 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
          <h2 id="make" className="font-serif text-xl font-bold text-navy-900">
            Make the inbox key
          </h2>
          <p className="mt-1">
            The site has no inbox key yet, so its forms cannot accept messages. Make it now: it is given to you, and two recovery keys are
            shown once, to print.
          </p>
          <Form method="post" className="mt-3 max-w-md space-y-4">
            <input type="hidden" name="intent" value="make" />
            <TextField name="password" label="Your password" type="password" autoComplete="current-password" required />
            <button type="submit" className="btn-primary">
              Make the inbox key
            </button>
          </Form>
        </section>
      ) : (
        <>
          <p className="mt-4">
            Key <code>{d.key.id}</code>, made <When iso={d.key.createdAt} />.
            {d.rotating
              ? ` Moving ${d.rowsOnOlderKeys} items from the old key to this one; the old key is destroyed when they are all moved.`
              : ""}
          </p>
          {d.rowsNotSealed > 0 ? (
            <p className="mt-2 font-semibold" role="status">
              {d.rowsNotSealed} items were stored before sealing and are not shown in the inbox: the site&apos;s operator seals them with{" "}
              <code>npm run inbox:seal</code>.
            </p>
          ) : null}
          {d.unlocked ? null : <LockedNotice next={d.here} idleMinutes={d.idleMinutes} />}
          <StaffTable caption="Who can unlock the inbox" headers={["Account", "Role", "Inbox", <span className="sr-only">Change</span>]}>
            {d.accounts.map((a) => (
              <tr key={a.email} className="border-b border-sand-200">
                <td className="p-3 break-all">{a.email}</td>
                <td className="p-3">{a.role === "admin" ? "Administrator" : "Staff"}</td>
                <td className="p-3">
                  {a.holds
                    ? "Can unlock"
                    : a.canBeGiven
                      ? "Not given"
                      : "Not yet: they unlock once with their password, then it can be given"}
                </td>
                <td className="p-3">
                  {d.unlocked && !a.disabled && (a.holds || a.canBeGiven) ? (
                    <Form method="post">
                      <input type="hidden" name="email" value={a.email} />
                      <input type="hidden" name="intent" value={a.holds ? "revoke" : "grant"} />
                      <button type="submit" className="underline">
                        {a.holds ? "Take away" : "Give the inbox"}
                        <span className="sr-only">
                          {" "}
                          {a.holds ? "from" : "to"} {a.email}
                        </span>
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </StaffTable>
          {d.unlocked ? (
            <section aria-labelledby="rotate" className="mt-8 max-w-3xl rounded-lg bg-white p-5 shadow-sm">
              <h2 id="rotate" className="font-serif text-xl font-bold text-navy-900">
                Replace the key
              </h2>
              <p className="mt-1">
                When a recovery key may be lost or seen, or as a habit once a year: a new key is made and given to everyone who has this
                one, with two new recovery keys; every item moves to it in the background, and the old key is then destroyed. Everyone
                unlocks again afterwards.
              </p>
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="rotate" />
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="confirmed" value="yes" required className="size-5" />I can print the two new recovery keys
                  now.
                </label>
                <button type="submit" className="btn-secondary text-navy-900">
                  Replace the inbox key
                </button>
              </Form>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
