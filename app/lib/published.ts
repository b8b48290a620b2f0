/**
 * Whether a change staff made is live (browser-safe). A change is saved first, then published: on this
 * instance at once, on the others within a second (server/publishing.ts). When publishing fails, the change
 * stays saved and the site keeps the content before it until a retry succeeds; the editor is told so.
 */

export interface Published {
  /** False: saved, and waiting for the publishing step to succeed on a retry. */
  live: boolean;
}

/** What a redirect after a change adds to its address when the change is not live yet. */
export const notLiveQuery = (published: Published): Record<string, string> => (published.live ? {} : { live: "no" });

/**
 * The notice after a change: `done` says what was done ("Saved", "Deleted"…), `seen` what visitors now see
 * (null: nothing more to say). With `live=no` in the address, it says the change is saved but not yet shown.
 */
export function changeNotice(
  params: URLSearchParams,
  done: string,
  seen: string | null = "Visitors see the change now.",
): { message: string } | { error: string } {
  if (params.get("live") === "no")
    return {
      error: `${done}, but visitors do not see it yet: the site could not be updated just now. It tries again by itself, and shows the change as soon as it can; nothing needs doing again.`,
    };
  return { message: seen === null ? `${done}.` : `${done}. ${seen}` };
}
