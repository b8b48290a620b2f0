/**
 * How a loader or an action refuses, in one place. Pages and the staff area throw these; the route's error
 * boundary (components/ui/ErrorViews.tsx) shows the view for the status, with the `error` text when there
 * is one. The JSON endpoints answer with `jsonAnswer`, the same status and `{ "error": … }`.
 */
import { data } from "react-router";
import { CACHE_CONTROL } from "./http";

/** What a refusal carries to the error view: a sentence for the person, and what the address asked for. */
export interface Refusal {
  error?: string;
  [detail: string]: string | undefined;
}

// Declarations, not arrow functions: TypeScript then knows that code after a call is unreachable.

/** The thing the address names does not exist (or is not this person's to see). */
export function notFound(detail: Refusal = {}): never {
  throw data(detail, { status: 404 });
}

/** Signed in, but not allowed to do this. */
export function forbidden(error: string): never {
  throw data({ error }, { status: 403 });
}

/** Not signed in (any more). */
export function unauthorized(error: string): never {
  throw data({ error }, { status: 401 });
}

/** The request itself cannot be used. */
export function badRequest(error: string): never {
  throw data({ error }, { status: 400 });
}

/** A JSON endpoint's answer: never cached, whatever it says. */
export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": CACHE_CONTROL.none, ...headers },
  });
