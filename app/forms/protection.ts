// Names of the anti-abuse fields every form carries, shared by the form (browser) and the server.
/** Hidden from people (and from screen readers); bots that fill every field fill this one. */
export const HONEYPOT_FIELD = "website";
/** When the form was rendered, for the minimum fill time. */
export const STARTED_FIELD = "form_started";
/** This form's idempotency key: a resend finds the first submission. */
export const KEY_FIELD = "submission_key";
