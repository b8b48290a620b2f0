import { Form, href, Link, useSearchParams } from "react-router";
import { notFound } from "~/lib/responses";
import type { Route } from "./+types/item";
import { ConfirmDelete, DeletionDate, LanguageName, StatusBadge, When } from "~/components/staff/InboxParts";
import { ActionNotice } from "~/components/staff/Controls";
import { appContext } from "~/context.server";
import { STATUSES } from "~/staff/inbox";
import { deletionDate, getItem, inboxOrNotFound, isOpen } from "~/staff/inbox.server";
import { pagePathOf } from "~/staff/http.server";
import { sessionKeyring } from "~/staff/unlock.server";
import { LockedNotice } from "~/components/staff/Unlock";
import { itemAction } from "~/staff/item-actions.server";
import { staffUser } from "~/staff/session.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData?.noun === "message" ? "Message" : "Volunteer"} · Staff area` },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const inbox = inboxOrNotFound(params.inbox);
  const row = await getItem(ctx.database.db, inbox, params.id, await sessionKeyring(ctx, request, context));
  if (!row) notFound();
  const labels = inbox.form.labels as Record<string, string>;
  const opened = isOpen(row)
    ? {
        headline: inbox.form.headline(row as never),
        fields: inbox.form.fields.map((field) => {
          const value = row[field];
          return {
            field,
            label: labels[field]!,
            value: Array.isArray(value) ? value.join("; ") : typeof value === "boolean" ? (value ? "Yes" : "No") : String(value ?? ""),
          };
        }),
        language: row.language,
        note: row.note,
      }
    : null;
  return {
    slug: inbox.slug,
    title: inbox.title,
    noun: inbox.noun,
    id: row.id,
    /** Null: sealed, and this session has not unlocked the inbox. */
    opened,
    here: pagePathOf(request),
    idleMinutes: ctx.staff.settings.idleMinutes,
    status: row.status,
    spam: row.spam,
    received: row.createdAt.toISOString(),
    deletedOn: deletionDate(row, ctx.staff.settings.retentionDays)?.toISOString() ?? null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const inbox = inboxOrNotFound(params.inbox);
  const ctx = context.get(appContext);
  return itemAction(
    ctx,
    staffUser(context),
    inbox,
    await request.formData(),
    href("/admin/:inbox", { inbox: inbox.slug }),
    await sessionKeyring(ctx, request, context),
  );
}

type Loaded = Route.ComponentProps["loaderData"];

/** Every field as the person sent it, and where to correct it when they ask. */
function AsSent({ slug, id, fields }: Pick<Loaded, "slug" | "id"> & { fields: NonNullable<Loaded["opened"]>["fields"] }) {
  return (
    <section aria-labelledby="sent" className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id="sent" className="font-serif text-xl font-bold text-navy-900">
        As sent
      </h2>
      <p className="text-sm">
        <Link to={href("/admin/:inbox/:id/edit", { inbox: slug, id })} className="underline">
          Correct details
        </Link>{" "}
        <span className="text-sand-700">(when the person asks)</span>
      </p>
      <dl className="mt-3 divide-y divide-sand-200">
        {fields.map((f) => (
          <div key={f.field} className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
            <dt className="font-semibold text-sand-700">{f.label}</dt>
            <dd
              dir={f.field === "email" || f.field === "phone" ? "ltr" : "auto"}
              className="whitespace-pre-wrap break-words"
              data-field={f.field}
            >
              {f.value || <span className="text-sand-700">(empty)</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** What staff do with it: its status, their note, spam or not, deletion. Each a plain form. */
function Handling({ id, status, note, spam }: Pick<Loaded, "id" | "status" | "spam"> & { note: string | null }) {
  return (
    <div className="space-y-6">
      <Form method="post" className="rounded-lg bg-white p-5 shadow-sm">
        <input type="hidden" name="ids" value={id} />
        <fieldset>
          <legend className="font-serif text-lg font-bold text-navy-900">Status</legend>
          <div className="mt-2 space-y-2">
            {Object.entries(STATUSES).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="intent" value={`status:${value}`} defaultChecked={status === value} className="size-5" />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-primary mt-3">
          Save status
        </button>
      </Form>
      {note === null ? null : (
        <Form method="post" className="rounded-lg bg-white p-5 shadow-sm">
          <input type="hidden" name="ids" value={id} />
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="font-serif text-lg font-bold text-navy-900">
            Internal note
          </label>
          <p id="note-hint" className="text-sm text-sand-700">
            Seen only by staff. Never sent to the person.
          </p>
          <textarea
            id="note"
            name="note"
            rows={4}
            maxLength={5000}
            defaultValue={note}
            aria-describedby="note-hint"
            className="mt-2 block w-full rounded border border-sand-700/40 px-3 py-2"
          />
          <button type="submit" className="btn-secondary mt-3 text-navy-900">
            Save note
          </button>
        </Form>
      )}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="ids" value={id} />
          <input type="hidden" name="intent" value={spam ? "not-spam" : "spam"} />
          <button type="submit" className="btn-secondary text-navy-900">
            {spam ? "Not spam" : "Mark spam"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="ids" value={id} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="btn-secondary text-red-800">
            Delete…
          </button>
        </Form>
      </div>
    </div>
  );
}

export default function Item({ loaderData: d, actionData }: Route.ComponentProps) {
  const list = href("/admin/:inbox", { inbox: d.slug });
  const corrected = useSearchParams()[0].get("corrected");
  if (actionData && "confirmDelete" in actionData) {
    return <ConfirmDelete ids={actionData.confirmDelete} noun={d.noun} returnTo={href("/admin/:inbox/:id", { inbox: d.slug, id: d.id })} />;
  }
  return (
    <>
      <p>
        <Link to={`${list}${d.spam ? "?folder=spam" : ""}`} className="underline">
          ← {d.title}
        </Link>
      </p>
      <h1 className="mt-2 font-serif text-2xl font-bold text-navy-900">
        {d.opened ? (
          <>
            {d.opened.headline[0]}: <bdi>{d.opened.headline[1]}</bdi>
          </>
        ) : (
          `A sealed ${d.noun}`
        )}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>
          Received <When iso={d.received} />
        </span>
        {d.opened ? (
          <span data-language={d.opened.language}>
            Written in <LanguageName code={d.opened.language} />
          </span>
        ) : null}
        <StatusBadge status={d.status} spam={d.spam} />
        <DeletionDate date={d.deletedOn} />
      </p>
      <ActionNotice
        result={
          actionData ?? (corrected ? { message: corrected === "0" ? "Nothing needed correcting." : "Corrections saved." } : undefined)
        }
      />
      {d.opened ? null : <LockedNotice next={d.here} idleMinutes={d.idleMinutes} />}
      <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_1fr]">
        {d.opened ? <AsSent {...d} fields={d.opened.fields} /> : null}
        <Handling {...d} note={d.opened?.note ?? null} />
      </div>
    </>
  );
}
