/** What a route module can say about itself in `export const handle`. */
export interface RouteHandle {
  /** Ship React to the browser for this page (forms, staff area). Content pages leave it out. */
  hydrate?: boolean;
}

export function wantsHydration(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => Boolean((m.handle as RouteHandle | undefined)?.hydrate));
}
