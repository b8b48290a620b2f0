/** The staff area's frame: its own header and navigation, in place of the public site's. */
import type { ReactNode } from "react";
import { Form, href, NavLink } from "react-router";
import { INBOX_NAMES, type InboxSlug } from "~/forms/inboxes";

interface StaffNavData {
  organization: string;
  email: string;
  role: "admin" | "staff";
  newCounts: Record<InboxSlug, number>;
}

/** Pages every staff member has, after the inboxes. */
const STAFF_PAGES = [
  [href("/admin/news"), "News"],
  [href("/admin/site"), "Site"],
  [href("/admin/people"), "Find a person"],
] as const;

/** Pages only an admin sees in the navigation (and may open). */
const ADMIN_PAGES = [
  [href("/admin/accounts"), "Accounts"],
  [href("/admin/inbox-key"), "Inbox key"],
  [href("/admin/audit"), "Audit log"],
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded px-3 py-2 font-semibold underline-offset-4 hover:underline ${isActive ? "bg-white text-navy-900" : "text-white"}`;

function NewCount({ count, noun }: { count: number; noun: string }) {
  if (count === 0) return null;
  return (
    <span className="ms-2 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-navy-950">
      {count}
      <span className="sr-only"> new {noun}</span>
    </span>
  );
}

export function StaffShell({ nav, children }: { nav: StaffNavData | null; children: ReactNode }) {
  return (
    <>
      <header className="bg-navy-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-serif text-lg font-bold">
            {nav ? (
              <>
                {nav.organization} <span className="font-sans text-sm font-normal text-sand-200">staff area</span>
              </>
            ) : (
              "Staff area"
            )}
          </p>
          {nav ? (
            <div className="flex items-center gap-3 text-sm">
              <NavLink to={href("/admin/account")} className="underline-offset-4 hover:underline aria-[current=page]:underline">
                <span className="sr-only">My account: </span>
                {nav.email}
              </NavLink>
              <Form method="post" action={href("/admin/logout")}>
                <button
                  type="submit"
                  className="rounded border border-white/60 px-3 py-1.5 font-semibold hover:bg-white hover:text-navy-900"
                >
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {nav ? (
          <nav aria-label="Staff area" className="mx-auto max-w-7xl px-2 pb-2">
            <ul className="flex flex-wrap gap-1">
              {Object.values(INBOX_NAMES).map((inbox) => (
                <li key={inbox.slug}>
                  <NavLink to={href("/admin/:inbox", { inbox: inbox.slug })} className={linkClass}>
                    {inbox.title}
                    <NewCount count={nav.newCounts[inbox.slug]} noun={`${inbox.noun}s`} />
                  </NavLink>
                </li>
              ))}
              {[...STAFF_PAGES, ...(nav.role === "admin" ? ADMIN_PAGES : [])].map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to} className={linkClass}>
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none">
        {children}
      </main>
    </>
  );
}

/** A sign-in or setup step: one narrow card. */
export function StaffCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-sand-200 bg-white p-6 shadow-sm">
      <h1 className="font-serif text-2xl font-bold text-navy-900">{title}</h1>
      <div className="mt-4 space-y-4">{children}</div>
    </div>
  );
}

/** An error or a confirmation, announced to screen readers when it appears. */
export function Notice({ kind, children }: { kind: "error" | "ok"; children: ReactNode }) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      className={`rounded-md border px-3 py-2 ${kind === "error" ? "border-red-700 bg-red-50 text-red-800" : "border-green-700 bg-green-50 text-green-900"}`}
    >
      {children}
    </div>
  );
}
