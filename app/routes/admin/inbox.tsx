import { Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inbox";
import { ConfirmDelete, DateCell, HandlingCells, LanguageName } from "~/components/staff/InboxParts";
import { ActionNotice, FilterSelect, Pager, SearchAndShow, StaffTable } from "~/components/staff/Controls";
import { INTERESTS } from "~/forms/inboxes";
import { appContext } from "~/context.server";
import { filterParams, languageLabel, readFilter, STATUSES } from "~/staff/inbox";
import { LANGUAGES } from "~/i18n/languages";
import { deletionDate, isOpen, listInbox, inboxOrNotFound } from "~/staff/inbox.server";
import { cellOf } from "~/staff/csv.server";
import { sessionKeyring } from "~/staff/unlock.server";
import { currentInboxKey } from "~/lib/sealed-submissions.server";
import { LockedNotice } from "~/components/staff/Unlock";
import { itemAction } from "~/staff/item-actions.server";
import { staffUser } from "~/staff/session.server";
import { pagePathOf } from "~/staff/http.server";

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.title ?? "Inbox"} · Staff area` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const inbox = inboxOrNotFound(params.inbox);
  const filter = readFilter(new URL(request.url).searchParams);
  const keyring = await sessionKeyring(ctx, request, context);
  const [list, key] = await Promise.all([listInbox(ctx.database.db, inbox, filter, keyring), currentInboxKey(ctx.database.db)]);
  const retention = ctx.staff.settings.retentionDays;
  return {
    slug: inbox.slug,
    title: inbox.title,
    noun: inbox.noun,
    summaryLabel: inbox.summaryField === "subject" ? "Subject" : "Interests",
    filters: inbox.filters as readonly string[],
    filter,
    unlocked: keyring !== null,
    hasKey: key !== undefined,
    filterNeedsUnlock: list.filterNeedsUnlock,
    idleMinutes: ctx.staff.settings.idleMinutes,
    total: list.total,
    pages: list.pages,
    rows: list.rows.map((r) => ({
      id: r.id,
      // Null: sealed, and this session has not unlocked the inbox.
      opened: isOpen(r) ? { name: r.name, email: r.email, summary: cellOf(r[inbox.summaryField]), language: r.language } : null,
      status: r.status,
      spam: r.spam,
      received: r.createdAt.toISOString(),
      deletedOn: deletionDate(r, retention)?.toISOString() ?? null,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  // After a delete, back to the same filtered list.
  const ctx = context.get(appContext);
  return itemAction(
    ctx,
    staffUser(context),
    inboxOrNotFound(params.inbox),
    form,
    pagePathOf(request),
    await sessionKeyring(ctx, request, context),
  );
}

const FOLDERS = [
  { spam: false, label: "Inbox" },
  { spam: true, label: "Spam" },
];

type Loaded = Route.ComponentProps["loaderData"];

/** The inbox and its spam folder: the address keeps the filter's other choices out. */
function Folders({ base, spam }: { base: string; spam: boolean }) {
  return (
    <nav aria-label="Folders" className="mt-4">
      <ul className="flex gap-2">
        {FOLDERS.map((f) => (
          <li key={f.label}>
            <Link
              to={`${base}?${filterParams({ spam: f.spam })}`}
              aria-current={f.spam === spam ? "page" : undefined}
              className={`inline-block rounded px-3 py-1.5 font-semibold ${f.spam === spam ? "bg-navy-700 text-white" : "underline"}`}
            >
              {f.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The filters: a plain GET form, so a filtered list has an address of its own. */
function Filters({ title, filter, filters }: Pick<Loaded, "title" | "filter" | "filters">) {
  return (
    <Form
      method="get"
      className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm"
      role="search"
      aria-label={`Filter ${title.toLowerCase()}`}
    >
      {filter.spam ? <input type="hidden" name="folder" value="spam" /> : null}
      <FilterSelect name="status" label="Status" value={filter.status} options={Object.entries(STATUSES)} />
      {filters.includes("interest") ? (
        <FilterSelect name="interest" label="Interest" value={filter.interest} options={INTERESTS} className="max-w-56" />
      ) : null}
      {filters.includes("language") ? (
        <FilterSelect
          name="language"
          label="Language"
          value={filter.language}
          options={LANGUAGES.map((l) => [l.code, languageLabel(l.code)] as const)}
          className="max-w-56"
        />
      ) : null}
      {(["community", "country"] as const)
        .filter((name) => filters.includes(name))
        .map((name) => (
          // Free text, matched within what people typed: the values are sealed, so there is no list of them to offer.
          <label key={name} className="flex flex-col text-sm font-semibold">
            {name === "community" ? "Community" : "Country"}
            <input
              name={name}
              defaultValue={filter[name] ?? ""}
              dir="auto"
              className="mt-1 w-40 rounded border border-sand-700/40 bg-white px-2 py-2 font-normal"
            />
          </label>
        ))}
      <SearchAndShow label="Search" value={filter.q} placeholder="Name, email or words in the message" />
    </Form>
  );
}

/** The page of rows, each selectable for the action above them, which comes back to this very list. */
function Rows({ loaderData, returnTo }: { loaderData: Loaded; returnTo: string }) {
  const { slug, title, noun, filter, rows } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" aria-busy={busy}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <fieldset className="mt-3 flex flex-wrap items-end gap-3">
        <legend className="sr-only">With the selected {noun}s</legend>
        <label className="flex flex-col text-sm font-semibold">
          With the selected
          <select name="intent" className="mt-1 rounded border border-sand-700/40 bg-white px-2 py-2 font-normal" defaultValue="">
            <option value="" disabled>
              Choose…
            </option>
            {Object.entries(STATUSES).map(([value, label]) => (
              <option key={value} value={`status:${value}`}>
                Mark {label.toLowerCase()}
              </option>
            ))}
            {filter.spam ? <option value="not-spam">Not spam: move to inbox</option> : <option value="spam">Mark spam</option>}
            <option value="delete">Delete…</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary text-navy-900">
          Apply
        </button>
      </fieldset>
      <StaffTable
        caption={`${title}, newest first`}
        headers={[
          <span className="sr-only">Select</span>,
          "Received",
          "Name",
          "Email",
          loaderData.summaryLabel,
          "Language",
          "Status",
          "Retention",
        ]}
      >
        {rows.map((r) => (
          <tr key={r.id} className={`border-b border-sand-200 ${r.status === "new" && !r.spam ? "font-semibold" : ""}`}>
            <td className="p-3">
              <input
                type="checkbox"
                name="ids"
                value={r.id}
                aria-label={`Select ${r.opened?.name ?? `the ${noun} received ${r.received.slice(0, 16).replace("T", " ")}`}`}
                className="size-5"
              />
            </td>
            <DateCell iso={r.received} />
            <td className="p-3" dir="auto">
              <Link to={href("/admin/:inbox/:id", { inbox: slug, id: r.id })} className="text-navy-700 underline">
                {r.opened?.name ?? <span className="italic">Sealed</span>}
              </Link>
            </td>
            <td className="p-3 break-all" dir="ltr">
              {r.opened?.email}
            </td>
            <td className="p-3" dir="auto">
              {r.opened?.summary}
            </td>
            <td className="p-3">{r.opened ? <LanguageName code={r.opened.language} /> : null}</td>
            <HandlingCells status={r.status} spam={r.spam} deletedOn={r.deletedOn} />
          </tr>
        ))}
      </StaffTable>
    </Form>
  );
}

export default function Inbox({ loaderData, actionData }: Route.ComponentProps) {
  const { slug, title, noun, filter, rows, total, pages, unlocked, hasKey, filterNeedsUnlock, idleMinutes } = loaderData;
  const base = href("/admin/:inbox", { inbox: slug });
  const here = `${base}?${filterParams(filter)}`;
  if (actionData && "confirmDelete" in actionData) {
    return <ConfirmDelete ids={actionData.confirmDelete} noun={noun} returnTo={here} />;
  }
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="font-serif text-3xl font-bold text-navy-900">
          {title}
          {filter.spam ? ": spam" : ""}
        </h1>
        {unlocked ? (
          <a
            href={`${href("/admin/:inbox/export.csv", { inbox: slug })}?${filterParams({ ...filter, page: 1 })}`}
            className="btn-secondary text-navy-900"
            download
          >
            Export CSV
          </a>
        ) : null}
      </div>
      {!hasKey ? (
        <p className="mt-4 max-w-3xl rounded-lg border-s-4 border-red-700 bg-white p-4 font-semibold" role="alert">
          The site has no inbox key yet, so its forms cannot accept messages. An administrator makes it on the{" "}
          <Link to={href("/admin/inbox-key")} className="underline">
            Inbox key
          </Link>{" "}
          page.
        </p>
      ) : unlocked ? null : (
        <LockedNotice next={here} idleMinutes={idleMinutes} />
      )}
      {filterNeedsUnlock ? (
        <p className="mt-4 font-semibold" role="status">
          Searching and filtering by what people wrote needs the inbox unlocked: this list shows every {noun} of the chosen status.
        </p>
      ) : null}
      <Folders base={base} spam={filter.spam} />
      <Filters {...loaderData} />
      <ActionNotice result={actionData} />
      <p className="mt-6" aria-live="polite">
        {total === 0
          ? `No ${noun}s here.`
          : `${total} ${total === 1 ? noun : `${noun}s`}${pages > 1 ? `, page ${filter.page} of ${pages}` : ""}.`}
      </p>
      {rows.length > 0 ? <Rows loaderData={loaderData} returnTo={here} /> : null}
      <Pager page={filter.page} pages={pages} href={(page) => `${base}?${filterParams({ ...filter, page })}`} />
    </>
  );
}
