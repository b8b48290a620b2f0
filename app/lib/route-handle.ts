/** What a route module can say about itself in `export const handle`. */
export interface RouteHandle {
  /** Ship React to the browser for this page (forms, staff area). Content pages leave it out. */
  hydrate?: boolean;
  /** The staff area: its own frame (StaffShell) instead of the public header, footer and enhancement script. */
  staffArea?: boolean;
}

/** `<html data-hydrate>` on a public page that hydrates: app/entry.client.tsx waits for the visitor's first use. */
export const HYDRATE_ON_FIRST_USE = "on-first-use";

export function wantsHydration(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => Boolean((m.handle as RouteHandle | undefined)?.hydrate));
}

export function inStaffArea(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => Boolean((m.handle as RouteHandle | undefined)?.staffArea));
}
