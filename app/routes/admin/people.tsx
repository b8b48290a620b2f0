import { data, Form, href, Link } from "react-router";
import type { Route } from "./+types/people";
import { ActionNotice, StaffTable } from "~/components/staff/Controls";
import { DateCell, HandlingCells } from "~/components/staff/InboxParts";
import { appContext } from "~/context.server";
import { deletionDate } from "~/staff/inbox.server";
import { erasePerson, findPerson, looksLikeContact, looksLikeEmail, recordRequest } from "~/staff/people.server";
import { requireKeyring, sessionKeyring } from "~/staff/unlock.server";
import { pagePathOf } from "~/staff/http.server";
import { LockedNotice } from "~/components/staff/Unlock";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Find a person · Staff area" }];

/*
 * The address is always posted, never put in a URL: URLs end up in browser history, proxies and logs.
 * So finding, downloading and deleting are all POSTs, and the results are the action's answer.
 */

type Found = {
  kind: "found";
  email: string;
  records: {
    inbox: string;
    noun: string;
    id: string;
    headline: readonly [title: string, written: string];
    received: string;
    status: string;
    spam: boolean;
    deletedOn: string | null;
  }[];
  /** A sent email's subject is gone: the database keeps no copy of what was sent. */
  emails: { id: number; subject: string | null; queued: string; sent: string | null }[];
};
type Erase = { kind: "confirm-erase"; email: string; records: number; emails: number };
type Result = Found | Erase | { kind: "erased"; message: string } | { kind: "error"; error: string; email: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  return {
    unlocked: (await sessionKeyring(ctx, request, context)) !== null,
    here: pagePathOf(request),
    idleMinutes: ctx.staff.settings.idleMinutes,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const { db } = ctx.database;
  const { retentionDays } = ctx.staff.settings;
  const keyring = await requireKeyring(ctx, request, context);
  const actor = actorOf(staffUser(context));
  const form = await request.formData();
  const typed = String(form.get("email") ?? "").trim();
  const email = looksLikeEmail(typed) ? typed.toLowerCase() : typed;
  if (!looksLikeContact(email)) {
    return data<Result>(
      { kind: "error", error: "Enter the person's email address, such as name@example.org, or their phone number.", email },
      { status: 400 },
    );
  }
  const intent = form.get("intent");
  if (intent === "erase" && form.get("confirmed") === "yes") {
    const deleted = await erasePerson(db, actor, keyring, email);
    const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;
    return data<Result>({
      kind: "erased",
      message: `Deleted everything stored about ${email}: ${plural(deleted.messages, "message")}, ${plural(deleted.volunteers, "volunteer sign-up")} and ${plural(deleted.emails, "notification email")}.`,
    });
  }
  const found = await findPerson(db, keyring, email);
  if (intent === "erase") {
    return data<Result>({ kind: "confirm-erase", email, records: found.records.length, emails: found.outbox.length });
  }
  await recordRequest(db, actor, keyring, email, "person-searched", { submissions: found.records.length, emails: found.outbox.length });
  return data<Result>({
    kind: "found",
    email,
    records: found.records.map(({ inbox, row }) => ({
      inbox: inbox.slug,
      noun: inbox.noun,
      id: row.id,
      headline: inbox.form.headline(row as never),
      received: row.createdAt.toISOString(),
      status: row.status,
      spam: row.spam,
      deletedOn: deletionDate(row, retentionDays)?.toISOString() ?? null,
    })),
    emails: found.outbox.map((o) => ({
      id: o.id,
      subject: o.subject,
      queued: o.createdAt.toISOString(),
      sent: o.sentAt?.toISOString() ?? null,
    })),
  });
}

function EmailField({ email }: { email: string }) {
  return <input type="hidden" name="email" value={email} />;
}

function Results({ found }: { found: Found }) {
  const { email, records, emails } = found;
  return (
    <section aria-labelledby="results" className="mt-8">
      <h2 id="results" className="font-serif text-2xl font-bold text-navy-900">
        Stored about <span className="break-words">{email}</span>
      </h2>
      <p className="mt-2" role="status">
        {records.length === 0 && emails.length === 0
          ? "Nothing is stored under this address or number. Check the spelling, or ask whether they used another."
          : `${records.length} ${records.length === 1 ? "submission" : "submissions"} and ${emails.length} notification ${emails.length === 1 ? "email" : "emails"}.`}
      </p>
      {records.length > 0 ? (
        <StaffTable
          caption={`Submissions from ${email}, oldest first`}
          headers={["Received", "Submission", "Status", "Retention", "Actions"]}
        >
          {records.map((r) => (
            <tr key={r.id} className="border-b border-sand-200">
              <DateCell iso={r.received} />
              <td className="p-3">
                <Link to={href("/admin/:inbox/:id", { inbox: r.inbox, id: r.id })} className="text-navy-700 underline">
                  {r.headline[0]}: <bdi>{r.headline[1]}</bdi>
                </Link>
              </td>
              <HandlingCells status={r.status} spam={r.spam} deletedOn={r.deletedOn} />
              <td className="p-3">
                <Link to={href("/admin/:inbox/:id/edit", { inbox: r.inbox, id: r.id })} className="underline">
                  Correct<span className="sr-only"> this {r.noun}</span>
                </Link>
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {emails.length > 0 ? (
        <StaffTable caption="Notification emails about this person" headers={["Subject", "Queued", "Sent"]}>
          {emails.map((e) => (
            <tr key={e.id} className="border-b border-sand-200">
              <td className="p-3" dir="auto">
                {e.subject ?? <span className="text-sand-700">Sent; its text is not kept</span>}
              </td>
              <DateCell iso={e.queued} />
              <DateCell iso={e.sent}>Waiting to be sent</DateCell>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {records.length > 0 || emails.length > 0 ? (
        <div className="mt-6 flex flex-wrap gap-3">
          {/* Plain forms: the browser saves the answer as a file. */}
          {(["json", "csv"] as const).map((format) => (
            <form key={format} method="post" action={href("/admin/people/export")}>
              <EmailField email={email} />
              <input type="hidden" name="format" value={format} />
              <button type="submit" className="btn-secondary text-navy-900">
                Download {format.toUpperCase()}
              </button>
            </form>
          ))}
          <Form method="post">
            <EmailField email={email} />
            <input type="hidden" name="intent" value="erase" />
            <button type="submit" className="btn-secondary text-red-800">
              Delete everything…
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  );
}

function ConfirmErase({ erase }: { erase: Erase }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-erase" className="mt-8 max-w-xl rounded-lg border-2 border-red-700 bg-white p-6">
      <h2 id="confirm-erase" className="font-serif text-xl font-bold text-navy-900">
        Delete everything stored about <span className="break-words">{erase.email}</span>?
      </h2>
      <p className="mt-2">
        {erase.records} {erase.records === 1 ? "submission" : "submissions"} and {erase.emails} notification{" "}
        {erase.emails === 1 ? "email" : "emails"} are deleted at once, everywhere. The audit log keeps only that a request was handled, not
        the address. This cannot be undone.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <EmailField email={erase.email} />
        <input type="hidden" name="intent" value="erase" />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
          Delete everything
        </button>
        <a href={href("/admin/people")} className="btn-secondary text-navy-900">
          Cancel
        </a>
      </Form>
    </div>
  );
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData;
  const email = result && "email" in result ? result.email : "";
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">Find a person</h1>
      <p className="mt-2 max-w-2xl">
        When someone asks what we hold about them, asks us to correct it or to delete it, look them up here by the email address they used.
        Every lookup, download and deletion is written to the audit log, without the address.
      </p>
      {loaderData.unlocked ? null : <LockedNotice next={loaderData.here} idleMinutes={loaderData.idleMinutes} />}
      <Form method="post" className="mt-4 flex max-w-2xl flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm" role="search">
        <input type="hidden" name="intent" value="find" />
        <label className="flex grow flex-col font-semibold">
          Email address or phone number
          <input
            type="text"
            name="email"
            required
            maxLength={254}
            defaultValue={email}
            key={email}
            autoComplete="off"
            aria-invalid={result?.kind === "error" || undefined}
            aria-describedby={result?.kind === "error" ? "email-error" : undefined}
            className="mt-1 rounded border border-sand-700/40 bg-white px-3 py-2 font-normal"
          />
        </label>
        <button type="submit" className="btn-primary">
          Find
        </button>
      </Form>
      {result?.kind === "error" ? (
        <p id="email-error" role="alert" className="mt-2 font-medium text-red-700">
          {result.error}
        </p>
      ) : null}
      {result?.kind === "erased" ? <ActionNotice result={{ message: result.message }} /> : null}
      {result?.kind === "found" ? <Results found={result} /> : null}
      {result?.kind === "confirm-erase" ? <ConfirmErase erase={result} /> : null}
    </>
  );
}
