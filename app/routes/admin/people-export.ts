import { href, redirect } from "react-router";
import { badRequest } from "~/lib/responses";
import type { Route } from "./+types/people-export";
import { appContext } from "~/context.server";
import { csvHeaders } from "~/staff/inbox-csv.server";
import { findPerson, looksLikeContact, personCsv, personJson, recordRequest } from "~/staff/people.server";
import { requireKeyring } from "~/staff/unlock.server";
import { actorOf, staffUser } from "~/staff/session.server";

/** The address comes in a POST body only; a GET has nothing to download. */
export const loader = () => redirect(href("/admin/people"));

/** POST email, format=json|csv: everything stored about the person, as a file to send them. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const keyring = await requireKeyring(ctx, request, context);
  const email = String(form.get("email") ?? "").trim();
  const format = form.get("format") === "csv" ? "csv" : "json";
  if (!looksLikeContact(email)) badRequest("Enter the person's email address or phone number.");
  const found = await findPerson(ctx.database.db, keyring, email);
  await recordRequest(ctx.database.db, actorOf(staffUser(context)), keyring, email, "person-exported", {
    format,
    submissions: found.records.length,
  });
  const filename = `personal-data-${new Date().toISOString().slice(0, 10)}`;
  if (format === "csv") return new Response(personCsv(found), { headers: csvHeaders(`${filename}.csv`) });
  return new Response(JSON.stringify(personJson(email, found), null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": `attachment; filename="${filename}.json"` },
  });
}
