import type { Route } from "./+types/inbox-csv";
import { appContext } from "~/context.server";
import { audit } from "~/staff/audit.server";
import { readFilter } from "~/staff/inbox";
import { exportInbox, inboxOrNotFound } from "~/staff/inbox.server";
import { csvHeaders, submissionsCsv } from "~/staff/inbox-csv.server";
import { actorOf, staffUser } from "~/staff/session.server";

/** GET /admin/{messages|volunteers}/export.csv?{the list's filter}: the whole filtered list, not one page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const inbox = inboxOrNotFound(params.inbox);
  const { page: _page, ...filter } = readFilter(url.searchParams);
  const rows = await exportInbox(ctx.database.db, inbox, filter);
  await audit(ctx.database.db, actorOf(staffUser(context)), {
    action: "exported",
    target: inbox.form.table,
    details: { rows: rows.length, filter: { ...filter, q: filter.q ? "(search)" : undefined } },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(submissionsCsv(inbox.form, rows), { headers: csvHeaders(`${inbox.slug}-${date}.csv`) });
}
