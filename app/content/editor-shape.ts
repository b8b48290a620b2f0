/**
 * What a Site editor shows of a document (browser-safe): its fields in groups, its lists as rows that can be
 * moved (and, where the list's length is free, added and removed), and its Markdown text. It is derived on
 * the server from the document's schema (editor-shape.server.ts, from the labels in schemas.ts), so a field
 * is described once; the editor page gets it in its loader's data.
 *
 * Field names are the fields' dotted places in the document (`image.alt`); a list row's are relative to the
 * row, and sent as `<list>.<row>.<field>`.
 */
import type { ImageKind } from "~/lib/images";

export type FieldType = "text" | "textarea" | "url" | "email" | "number" | "date" | "checkbox" | "select" | "image";

/** The words and hints a schema's field carries for its editor (schemas.ts, `.meta()`). */
export interface FieldWords {
  label: string;
  hint?: string;
  /** Where the type cannot be told from the schema: a long text, a date. */
  type?: FieldType;
  /** An image field: the shape of frame its photograph is cut to (app/lib/image-kinds.json)… */
  kind?: ImageKind;
  /** …and the field beside it that holds the focal point. */
  focus?: string;
  /** Kept as written in every language (an id, a focal point): a translation does not offer it. */
  verbatim?: boolean;
}

export interface EditorField {
  name: string;
  label: string;
  type: FieldType;
  hint?: string;
  options?: readonly string[];
  /** Left out of the document when empty, even in a list of a set length. */
  optional?: boolean;
  /** Must be filled in (marked so beside its label). */
  required?: boolean;
  /** A checkbox that is on unless the document says otherwise. */
  defaultOn?: boolean;
  kind?: ImageKind;
  focus?: string;
  verbatim?: boolean;
}

export interface EditorList {
  /** The field holding the list, dotted from the document's top. */
  name: string;
  legend: string;
  /** One row, for the rows' legends and the buttons' names. */
  item: string;
  fields: EditorField[];
  /** A list of a set length: rows move, but none is added or removed. */
  fixed?: boolean;
  /** A row's lasting id, kept as it was; a new row's is made from its name. */
  id?: string;
  /** A row field that is not edited but names the row (a social link's network). */
  legendField?: string;
  /** Kept as written in every language (the sources a page cites). */
  verbatim?: boolean;
}

export interface EditorGroup {
  legend: string;
  /** Where its fields live: "" for the document's top, else the object holding them ("image"). */
  path: string;
  fields: EditorField[];
  lists: EditorList[];
  /** The names of its fields and lists in the schema's order, as the editor shows them. */
  order: string[];
}

export interface EditorShape {
  groups: EditorGroup[];
  /** Lists at the document's top, shown after the text. */
  lists: EditorList[];
  /** The Markdown text under the front matter, where the document has one. */
  body?: { label: string; hint: string; rows: number };
}

/** What an editor shows and sends back: each field's text (a checkbox "on" or ""), each list's rows, the text. */
export interface EditorValues {
  values: Record<string, string>;
  lists: Record<string, Record<string, string>[]>;
  body: string;
  /** The revision the editor started from. */
  revision: number;
}

/** Every list of the shape, those inside groups too. */
export const listsOf = (shape: EditorShape) => [...shape.groups.flatMap((g) => g.lists), ...shape.lists];

/** Every field outside the lists. */
export const fieldsOf = (shape: EditorShape) => shape.groups.flatMap((g) => g.fields);

/** Where a photograph's place is in a form: its field, the frame it is cut to, and the field with its focal point. */
export interface ImageSlot {
  name: string;
  kind: ImageKind;
  focus?: string;
}

/**
 * Every image field of a form as its slots are named in the submitted form: the groups' own, and each list
 * row's (`<list>.<row>.<field>`) for the rows the form has.
 */
export function imageSlotsOf(shape: EditorShape, rowsIn: (list: string) => number): ImageSlot[] {
  const slots: ImageSlot[] = fieldsOf(shape).flatMap((f) => (f.type === "image" ? [{ name: f.name, kind: f.kind!, focus: f.focus }] : []));
  for (const list of listsOf(shape))
    for (const field of list.fields)
      if (field.type === "image")
        for (let row = 0; row < rowsIn(list.name); row++)
          slots.push({
            name: `${list.name}.${row}.${field.name}`,
            kind: field.kind!,
            focus: field.focus ? `${list.name}.${row}.${field.focus}` : undefined,
          });
  return slots;
}

/**
 * Whether the editor offers a preview: of the text where it has one, and of the cut where a photograph is
 * cut around a focal point (the home page's slides, the shared card, a portrait).
 */
export const hasPreview = (shape: EditorShape) =>
  Boolean(shape.body) || [...fieldsOf(shape), ...listsOf(shape).flatMap((l) => l.fields)].some((f) => f.type === "image" && f.focus);
