/** Pieces every staff list shares: its table, its filter menus, its pages, and what an action answered. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Notice } from "./StaffShell";

export function StaffTable({ caption, headers, children }: { caption: string; headers: ReactNode[]; children: ReactNode }) {
  return (
    // On a phone the table scrolls sideways; focusable and named, so the keyboard can scroll it too. Relative, so
    // screen-reader-only text in a far column stays inside it instead of widening the page.
    <div className="relative mt-3 overflow-x-auto rounded-lg bg-white shadow-sm" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-start text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-sand-200 bg-sand-100">
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col" className="p-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A labelled menu in a filter form; the first choice, "Any", filters nothing. */
export function FilterSelect({
  name,
  label,
  value,
  options,
  className = "",
}: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly (string | readonly [value: string, label: string])[];
  className?: string;
}) {
  return (
    // The menu is as wide as its longest choice; on a phone it may be no wider than the screen.
    <label className="flex min-w-0 max-w-full flex-col text-sm font-semibold">
      {label}
      <select
        name={name}
        defaultValue={value ?? ""}
        className={`mt-1 max-w-full rounded border border-sand-700/40 bg-white px-2 py-2 font-normal ${className}`}
      >
        <option value="">Any</option>
        {options.map((option) => {
          const [v, text] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
    </label>
  );
}

/** The words to look for in a filter form (`q`), then the button that applies the whole filter. */
export function SearchAndShow({ label, value, placeholder }: { label: string; value: string | undefined; placeholder?: string }) {
  return (
    <>
      <label className="flex grow flex-col text-sm font-semibold">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={value ?? ""}
          placeholder={placeholder}
          className="mt-1 rounded border border-sand-700/40 bg-white px-3 py-2 font-normal"
        />
      </label>
      <button type="submit" className="btn-primary">
        Show
      </button>
    </>
  );
}

/** "Newer" and "Older" links, when there is more than one page. */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className="underline">
          Newer
        </Link>
      ) : null}
      {page < pages ? (
        <Link to={href(page + 1)} className="underline">
          Older
        </Link>
      ) : null}
    </nav>
  );
}

/** What a staff action answered: a confirmation or an error, above the page it came back to. */
export function ActionNotice({ result }: { result: { message?: string; error?: string } | object | undefined }) {
  const { message, error } = (result ?? {}) as { message?: string; error?: string };
  if (!message && !error) return null;
  return <div className="mt-4">{error ? <Notice kind="error">{error}</Notice> : <Notice kind="ok">{message}</Notice>}</div>;
}

/** The link back to the list an editor page belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to} className="underline">
        ← {children}
      </Link>
    </p>
  );
}

/** An editor's two submit buttons: a preview renders on the server, so it needs no JavaScript. */
export function SaveAndPreview({ preview = true }: { preview?: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" name="intent" value="save" className="btn-primary">
        Save
      </button>
      {preview ? (
        <button type="submit" name="intent" value="preview" className="btn-secondary text-navy-900">
          Preview
        </button>
      ) : null}
    </div>
  );
}

/** Said when a save was refused for what was typed; `reason` replaces the pointer to the marked fields. */
export function NotSavedNotice({ reason }: { reason?: string }) {
  return (
    <div className="mt-4 max-w-2xl">
      <Notice kind="error">Nothing was saved. {reason ?? "Please fix the fields marked below."}</Notice>
    </div>
  );
}

/** Said when someone else saved the same thing first: what they changed, and where to compare. */
export function ConflictNotice({ what, changed, compare }: { what: string; changed: string[]; compare: string }) {
  return (
    <div className="mt-4 max-w-3xl">
      <Notice kind="error">
        Not saved: someone else saved {what} while you were editing. Your text is still in the form.
        {changed.length ? ` They changed: ${changed.join(", ")}.` : null}{" "}
        <Link to={compare} className="underline">
          See their changes
        </Link>
        , then save again to keep yours.
      </Notice>
    </div>
  );
}

/** What an editor's Preview button shows: rendered on the server, nothing saved. */
export function PreviewPanel({ what, className = "", children }: { what: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby="preview-heading" className={`rounded-lg bg-white p-5 shadow-sm ${className}`}>
      <h2 id="preview-heading" className="font-serif text-xl font-bold text-navy-900">
        Preview
      </h2>
      <p className="mt-1 text-sm">{what} as visitors will see it. Nothing is saved until you press Save.</p>
      {children}
    </section>
  );
}
