/** Where in the staff area each content document is edited, by its path (browser-safe). */
import { href } from "react-router";

export const SETTINGS_PATH = "site.yaml";
export const PARTNERS_PATH = "partners.yaml";

/** The documents that are whole files, by the name their editor's address gives them (/admin/site/:document). */
export const SITE_FILES: Record<string, string> = { settings: SETTINGS_PATH, partners: PARTNERS_PATH };

/** The editor of the document at `path`; null where there is none. */
export function editorFor(path: string): string | null {
  const file = Object.entries(SITE_FILES).find(([, filePath]) => filePath === path);
  if (file) return href("/admin/site/:document", { document: file[0] });
  const page = /^(communities|ideology|pages)\/([a-z0-9-]+)\.md$/.exec(path);
  if (page && (page[1] !== "pages" || /^(home|about|privacy-policy|terms-of-use)$/.test(page[2]!)))
    return href("/admin/site/pages/:kind/:slug", { kind: page[1]!, slug: page[2]! });
  const person = /^team\/(directors|advisors)\/([a-z0-9-]+)\.md$/.exec(path);
  return person ? href("/admin/site/people/:board/:id", { board: person[1]!, id: person[2]! }) : null;
}

/** The history of the document at `path`, or two of its revisions compared. */
export const historyOf = (path: string, compare?: { from: number; to: number }, language?: string) =>
  `${href("/admin/site/history")}?${new URLSearchParams({
    path,
    ...(language ? { language } : {}),
    ...(compare ? { from: String(compare.from), to: String(compare.to) } : {}),
  })}`;

/** The translation of the document at `path` into `language` (issue 34). */
export const translationEditorFor = (path: string, language: string) =>
  `${href("/admin/site/translation/:language", { language })}?${new URLSearchParams({ path })}`;
