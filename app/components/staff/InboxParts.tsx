/** Pieces the inbox list and item pages share. */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatDate } from "~/lib/dates";
import { isLanguageCode, languageOf } from "~/i18n/languages";
import { STATUSES, type Status } from "~/staff/inbox";

/** The language a person wrote in: its English name, and its own name in its own script and direction. */
export function LanguageName({ code }: { code: string }) {
  if (!isLanguageCode(code)) return <>{code}</>;
  const { englishName, name, dir } = languageOf(code);
  if (englishName === name) return <>{englishName}</>;
  return (
    <>
      {englishName}{" "}
      <span lang={code} dir={dir}>
        ({name})
      </span>
    </>
  );
}

export function StatusBadge({ status, spam }: { status: string; spam?: boolean }) {
  if (spam) return <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Spam</span>;
  const colours: Record<string, string> = {
    new: "bg-gold-300 text-navy-950",
    in_progress: "bg-blue-100 text-blue-900",
    done: "bg-green-100 text-green-900",
  };
  return (
    <span className={`rounded px-2 py-0.5 text-sm font-semibold ${colours[status] ?? ""}`}>{STATUSES[status as Status] ?? status}</span>
  );
}

export function DeletionDate({ date }: { date: string | null }) {
  if (!date) return <span className="text-sand-700">Kept until handled</span>;
  return (
    <span>
      Deleted on <time dateTime={date.slice(0, 10)}>{formatDate(date.slice(0, 10))}</time>
    </span>
  );
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";

/** A moment, readable and machine-readable. */
export const When = ({ iso }: { iso: string }) => <time dateTime={iso}>{dateTime(iso)}</time>;

/** A table cell holding a moment. */
export function DateCell({ iso, children }: { iso: string | null; children?: ReactNode }) {
  return <td className="p-3 whitespace-nowrap">{iso ? <When iso={iso} /> : children}</td>;
}

/** An item's status and its retention date, as two table cells. */
export function HandlingCells({ status, spam, deletedOn }: { status: string; spam: boolean; deletedOn: string | null }) {
  return (
    <>
      <td className="p-3">
        <StatusBadge status={status} spam={spam} />
      </td>
      <td className="p-3 text-xs whitespace-nowrap">
        <DeletionDate date={deletedOn} />
      </td>
    </>
  );
}

/** "Delete 3 messages? This cannot be undone." The page a delete comes to without JavaScript. */
export function ConfirmDelete({ ids, noun, returnTo, action }: { ids: string[]; noun: string; returnTo: string; action?: string }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-delete" className="max-w-xl rounded-lg border-2 border-red-700 bg-white p-6">
      <h2 id="confirm-delete" className="font-serif text-xl font-bold text-navy-900">
        Delete {ids.length === 1 ? `this ${noun}` : `${ids.length} ${noun}s`}?
      </h2>
      <p className="mt-2">It is deleted everywhere, with any notification email still waiting to be sent. This cannot be undone.</p>
      <Form method="post" action={action} className="mt-4 flex flex-wrap gap-3">
        {ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
          Delete
        </button>
        <a href={returnTo || "."} className="btn-secondary text-navy-900">
          Cancel
        </a>
      </Form>
    </div>
  );
}
