/** Where the staff area opens after sign-in. Browser-safe and light: the error views link to it on every page. */
import { href } from "react-router";
import { INBOX_NAMES } from "~/forms/inboxes";

export const STAFF_HOME = href("/admin/:inbox", { inbox: INBOX_NAMES.messages.slug });
