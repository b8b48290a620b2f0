/** Where in the staff area each content document is edited, by its path (browser-safe). */
import { href } from "react-router";
import { formKindOf, isPageKind, PARTNERS_PATH } from "./page-form";
import { SETTINGS_PATH } from "./settings";

/** The editor of the document at `path`; null where there is none yet. */
export function editorFor(path: string): string | null {
  if (path === SETTINGS_PATH) return href("/admin/site/settings");
  if (path === PARTNERS_PATH) return href("/admin/site/partners");
  const page = /^(communities|ideology|pages)\/([a-z0-9-]+)\.md$/.exec(path);
  if (page && isPageKind(page[1]) && formKindOf(path)) return href("/admin/site/pages/:kind/:slug", { kind: page[1], slug: page[2]! });
  const person = /^team\/(directors|advisors)\/([a-z0-9-]+)\.md$/.exec(path);
  return person ? href("/admin/site/people/:board/:id", { board: person[1]!, id: person[2]! }) : null;
}

/** The history of the document at `path`, or two of its revisions compared. */
export const historyOf = (path: string, compare?: { from: number; to: number }) =>
  `${href("/admin/site/history")}?${new URLSearchParams({ path, ...(compare ? { from: String(compare.from), to: String(compare.to) } : {}) })}`;
