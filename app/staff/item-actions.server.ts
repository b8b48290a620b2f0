/** The inbox's POST actions (bulk on a list, or one item), shared by the list and item pages. */
import { data, redirect } from "react-router";
import type { StaffContext } from "./service.server";
import type { StaffUser } from "./session.server";
import { actorOf } from "./session.server";
import { isStatus } from "./inbox";
import type { InboxDescription } from "./inbox-forms";
import { changeItems, isId, type ItemChange } from "./inbox.server";
import type { Keyring } from "~/lib/sealed-submissions.server";

/** The change a form asks for: "status:done", "spam", "not-spam", "delete", "note". */
function changeOf(form: FormData): ItemChange | null {
  const intent = String(form.get("intent") ?? "");
  if (intent.startsWith("status:")) {
    const status = intent.slice(7);
    return isStatus(status) ? { status } : null;
  }
  if (intent === "spam" || intent === "not-spam") return { spam: intent === "spam" };
  if (intent === "note") return { note: String(form.get("note") ?? "") };
  if (intent === "delete") return { delete: true };
  return null;
}

type ItemActionResult = { ok: true; message: string } | { ok: false; error: string } | { confirmDelete: string[]; returnTo: string };

/**
 * Deleting asks first: without JavaScript the answer is a confirmation page (`confirmDelete`); the
 * confirming form posts again with confirmed=yes.
 */
export async function itemAction(
  ctx: StaffContext,
  user: StaffUser,
  inbox: InboxDescription,
  form: FormData,
  afterDelete: string,
  keyring: Keyring | null,
) {
  const ids = form.getAll("ids").map(String).filter(isId);
  const change = changeOf(form);
  if (!change) return data<ItemActionResult>({ ok: false, error: "Choose what to do." }, { status: 400 });
  if (ids.length === 0) return data<ItemActionResult>({ ok: false, error: `Select at least one ${inbox.noun}.` }, { status: 400 });
  if ("delete" in change && form.get("confirmed") !== "yes") {
    return data<ItemActionResult>({ confirmDelete: ids, returnTo: String(form.get("returnTo") ?? "") });
  }
  if ("note" in change && !keyring) {
    return data<ItemActionResult>(
      { ok: false, error: "The inbox locked before the note was saved: unlock it and save the note again." },
      { status: 403 },
    );
  }
  const changed = await changeItems(ctx.database.db, actorOf(user), inbox, ids, change, keyring);
  if ("delete" in change) throw redirect(afterDelete);
  const noun = changed === 1 ? inbox.noun : `${inbox.noun}s`;
  const message = "status" in change ? `${changed} ${noun} updated.` : "spam" in change ? `${changed} ${noun} moved.` : "Note saved.";
  return data<ItemActionResult>({ ok: true, message });
}
