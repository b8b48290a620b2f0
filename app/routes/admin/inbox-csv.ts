import type { Route } from "./+types/inbox-csv";
import { appContext } from "~/context.server";
import { audit } from "~/staff/audit.server";
import { readFilter } from "~/staff/inbox";
import { exportInbox, inboxOrNotFound } from "~/staff/inbox.server";
import { csvHeaders, submissionsCsvStream } from "~/staff/inbox-csv.server";
import { actorOf, staffUser } from "~/staff/session.server";
import { requireKeyring } from "~/staff/unlock.server";

/**
 * GET /admin/{messages|volunteers}/export.csv?{the list's filter}: the whole filtered list, not one page, opened and
 * written a batch at a time as it streams: never whole in memory, never on disk.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const url = new URL(request.url);
  const inbox = inboxOrNotFound(params.inbox);
  const keyring = await requireKeyring(ctx, request, context);
  const { page: _page, ...filter } = readFilter(url.searchParams);
  const actor = actorOf(staffUser(context));
  const body = submissionsCsvStream(inbox.form, exportInbox(ctx.database.db, inbox, filter, keyring), (rows) =>
    audit(ctx.database.db, actor, {
      action: "exported",
      target: inbox.form.table,
      details: { rows, filter: { ...filter, q: filter.q ? "(search)" : undefined } },
    }),
  );
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, { headers: csvHeaders(`${inbox.slug}-${date}.csv`) });
}
