/**
 * Translations of content by staff (issue 34): what of a document is translated, how a translation is kept,
 * and how it is laid over the English to make the page in its language.
 *
 * A translation holds only the document's words: the text and long-text fields (not an id, a focal point or a
 * source's title: `verbatim` in schemas.ts), the same fields of each list row, and the Markdown text. Everything
 * else (photographs, links, dates, order) comes from the English as it is now, so a new photograph reaches
 * every language at once. A field left empty shows the English.
 *
 * It is stored as JSON (a document of its own in its language: translation-store.server.ts), named as the
 * Site editor names its fields, so the translation form and the editor read and write the same names.
 */
import type { EditorField, EditorList, EditorValues } from "./editor-shape";
import { fieldsOf, listsOf } from "./editor-shape";
import { applyForm, formFrom } from "./editing.server";
import { kindOf, type DocumentKind } from "./document-kinds.server";

export interface TranslationText {
  values: Record<string, string>;
  lists: Record<string, Record<string, string>[]>;
  body: string;
}

export const EMPTY_TRANSLATION: TranslationText = Object.freeze({ values: {}, lists: {}, body: "" }) as TranslationText;

const isWords = (field: EditorField) => (field.type === "text" || field.type === "textarea") && !field.verbatim;

/** The lists with words to translate, each with only those of its fields. */
export function translatableLists(kind: DocumentKind): EditorList[] {
  return listsOf(kind.shape)
    .filter((list) => !list.verbatim)
    .map((list) => ({ ...list, fields: list.fields.filter(isWords) }))
    .filter((list) => list.fields.length > 0);
}

/** What a translation has: word fields, lists' word fields, a text. */
export interface TranslatableParts {
  fields: EditorField[];
  lists: EditorList[];
  body: boolean;
}

/** What of a kind of document a translation has: its word fields, its lists' word fields, its text. */
export function translatableParts(kind: DocumentKind): TranslatableParts {
  return { fields: fieldsOf(kind.shape).filter(isWords), lists: translatableLists(kind), body: Boolean(kind.shape.body) };
}

/** Whether staff can translate the document at `path`: a document with words an editor edits. */
export function isTranslatable(path: string): boolean {
  const found = kindOf(path);
  if (!found) return false;
  const parts = translatableParts(found.kind);
  return parts.fields.length > 0 || parts.lists.length > 0 || parts.body;
}

export function parseTranslation(source: string): TranslationText {
  const parsed = JSON.parse(source) as Partial<TranslationText>;
  return { values: parsed.values ?? {}, lists: parsed.lists ?? {}, body: parsed.body ?? "" };
}

/** A translation as it is stored: only what was filled in, in the form's order, one value a line. */
export function serializeTranslation(text: TranslationText): string {
  const values = Object.fromEntries(Object.entries(text.values).filter(([, v]) => v));
  const lists = Object.fromEntries(
    Object.entries(text.lists)
      .map(([name, rows]) => [name, rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v)))] as const)
      .filter(([, rows]) => rows.some((row) => Object.keys(row).length > 0)),
  );
  return `${JSON.stringify({ values, lists, body: text.body }, null, 2)}\n`;
}

/** The translation form as the browser sent it: the same names as the English editor's fields. */
export function readTranslationForm(parts: TranslatableParts, english: EditorValues, form: FormData): TranslationText {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return {
    values: Object.fromEntries(parts.fields.map((f) => [f.name, text(f.name)])),
    lists: Object.fromEntries(
      parts.lists.map((list) => [
        list.name,
        (english.lists[list.name] ?? []).map((row, i) => ({
          ...(list.id ? { [list.id]: row[list.id] ?? "" } : {}),
          ...Object.fromEntries(list.fields.map((f) => [f.name, text(`${list.name}.${i}.${f.name}`)])),
        })),
      ]),
    ),
    body: parts.body
      ? String(form.get("body") ?? "")
          .replace(/\r\n/g, "\n")
          .trim()
      : "",
  };
}

/** The translated row that goes with an English row: by its lasting id where the list has one, else by place. */
function rowFor(list: EditorList, rows: Record<string, string>[], englishRow: Record<string, string>, index: number) {
  return list.id ? rows.find((row) => row[list.id!] && row[list.id!] === englishRow[list.id!]) : rows[index];
}

/** The translation's text for each field of the form, in the English's rows, empty where it has none. */
export function translationForm(parts: TranslatableParts, english: EditorValues, text: TranslationText): TranslationText {
  return {
    values: Object.fromEntries(parts.fields.map((f) => [f.name, text.values[f.name] ?? ""])),
    lists: Object.fromEntries(
      parts.lists.map((list) => [
        list.name,
        (english.lists[list.name] ?? []).map((englishRow, i) => {
          const row = rowFor(list, text.lists[list.name] ?? [], englishRow, i) ?? {};
          return Object.fromEntries(list.fields.map((f) => [f.name, row[f.name] ?? ""]));
        }),
      ]),
    ),
    body: parts.body ? text.body : "",
  };
}

/**
 * The document in its language: the English text with each translated word written in; what the translation
 * leaves empty, and everything that is not words, stays as the English has it.
 */
export function translatedSource(kind: DocumentKind, englishSource: string, text: TranslationText): string {
  const english = formFrom(kind, englishSource, 0);
  const parts = translatableParts(kind);
  const values = { ...english.values };
  for (const field of parts.fields) if (text.values[field.name]) values[field.name] = text.values[field.name]!;
  const lists = { ...english.lists };
  for (const list of parts.lists)
    lists[list.name] = (english.lists[list.name] ?? []).map((englishRow, i) => {
      const row = rowFor(list, text.lists[list.name] ?? [], englishRow, i);
      if (!row) return englishRow;
      return { ...englishRow, ...Object.fromEntries(list.fields.filter((f) => row[f.name]).map((f) => [f.name, row[f.name]!])) };
    });
  return applyForm(kind, englishSource, { values, lists, body: parts.body && text.body ? text.body : english.body, revision: 0 });
}
