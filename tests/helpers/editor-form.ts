/** The Site editor's form as a browser posts it, for tests of the editor and its route. */
import { kindOf } from "../../app/content/document-kinds.server";
import { listsOf, type EditorValues } from "../../app/content/editor-shape";

/** Every field by name, one blank row at the end of each list whose length is free, and `extra` on top. */
export function posted(path: string, form: EditorValues, extra: Record<string, string> = {}): FormData {
  const { kind } = kindOf(path)!;
  const data = new FormData();
  data.set("revision", String(form.revision));
  data.set("body", form.body);
  for (const [name, value] of Object.entries(form.values)) if (value) data.set(name, value);
  for (const list of listsOf(kind.shape)) {
    const rows = [...(form.lists[list.name] ?? []), ...(list.fixed ? [] : [{}])];
    rows.forEach((row, i) => {
      for (const kept of [list.id, list.legendField])
        if (kept && (row as Record<string, string>)[kept]) data.set(`${list.name}.${i}.${kept}`, (row as Record<string, string>)[kept]!);
      for (const f of list.fields)
        if (f.type !== "checkbox" || (row as Record<string, string>)[f.name])
          data.set(`${list.name}.${i}.${f.name}`, (row as Record<string, string>)[f.name] ?? "");
    });
  }
  for (const [name, value] of Object.entries(extra)) data.set(name, value);
  return data;
}
