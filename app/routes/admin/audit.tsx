import { Form } from "react-router";
import { FilterSelect, Pager, StaffTable } from "~/components/staff/Controls";
import type { Route } from "./+types/audit";
import { DateCell } from "~/components/staff/InboxParts";
import { appContext } from "~/context.server";
import { AUDIT_ACTIONS, listAudit, type AuditAction } from "~/staff/audit.server";
import { requireRole } from "~/staff/session.server";

export const meta = () => [{ title: "Audit log · Staff area" }];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(context, "admin");
  const params = new URL(request.url).searchParams;
  const filter = {
    action: params.get("action") ?? "",
    actor: params.get("actor")?.slice(0, 100) ?? "",
    from: DATE.test(params.get("from") ?? "") ? params.get("from")! : "",
    to: DATE.test(params.get("to") ?? "") ? params.get("to")! : "",
    page: Math.max(1, Number(params.get("page")) || 1),
  };
  const result = await listAudit(context.get(appContext).database.db, filter);
  return {
    filter,
    actions: Object.entries(AUDIT_ACTIONS),
    total: result.total,
    pages: result.pages,
    rows: result.rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      who: r.actorEmail ?? "System",
      what: AUDIT_ACTIONS[r.action as AuditAction] ?? r.action,
      target: r.target ?? "",
      details: r.details ? JSON.stringify(r.details) : "",
    })),
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filter, rows, total, pages } = loaderData;
  const page = (n: number) => `?${new URLSearchParams({ ...filter, page: String(n) })}`;
  return (
    <>
      <h1 className="font-serif text-3xl font-bold text-navy-900">Audit log</h1>
      <p className="mt-2 text-sm text-sand-700">
        Who did what, and when. It never holds what a person wrote. Entries are kept for two years.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg bg-white p-4 shadow-sm"
      >
        <FilterSelect name="action" label="Action" value={filter.action} options={loaderData.actions} />
        <label className="flex flex-col text-sm font-semibold">
          Who
          <input
            name="actor"
            defaultValue={filter.actor}
            placeholder="Email"
            className="mt-1 rounded border border-sand-700/40 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          From
          <input
            type="date"
            name="from"
            defaultValue={filter.from}
            className="mt-1 rounded border border-sand-700/40 px-3 py-2 font-normal"
          />
        </label>
        <label className="flex flex-col text-sm font-semibold">
          To
          <input type="date" name="to" defaultValue={filter.to} className="mt-1 rounded border border-sand-700/40 px-3 py-2 font-normal" />
        </label>
        <button type="submit" className="btn-primary">
          Show
        </button>
      </Form>
      <p className="mt-4">{`${total} ${total === 1 ? "entry" : "entries"}${pages > 1 ? `, page ${filter.page} of ${pages}` : ""}.`}</p>
      <StaffTable caption="Audit log, newest first" headers={["When", "Who", "What", "On", "Details"]}>
        {rows.map((r) => (
          <tr key={r.id} className="border-b border-sand-200">
            <DateCell iso={r.at} />
            <td className="p-3 break-all">{r.who}</td>
            <td className="p-3">{r.what}</td>
            <td className="p-3 break-all">{r.target}</td>
            <td className="p-3 font-mono text-xs break-all">{r.details}</td>
          </tr>
        ))}
      </StaffTable>
      <Pager page={filter.page} pages={pages} href={page} />
    </>
  );
}
