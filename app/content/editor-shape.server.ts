/**
 * A document's editor, read from its schema (schemas.ts): a field with words (`label`, through `.meta()`) is
 * shown, one without is kept as it is; its type comes from the schema (an address, a number, a choice, a
 * yes or no) unless its words say (a long text, a date, a photograph). The document's own fields make its
 * first group; each object with a `legend` makes a group, each list with one a list of rows.
 */
import { z } from "zod";
import type { EditorField, EditorGroup, EditorList, EditorShape, FieldType, FieldWords } from "./editor-shape";

/** A group's or a list's words (`.meta()` on the object or the array). */
export interface GroupWords {
  legend: string;
  /** A list: what one row is called. */
  item?: string;
  /** A list: the row field holding a row's lasting id. */
  rowId?: string;
  /** A list: the row field, not edited, that names each row. */
  legendField?: string;
  /** A list kept as written in every language (the sources). */
  verbatim?: boolean;
}

type Words = Partial<FieldWords & GroupWords>;

const wordsOf = (schema: z.ZodType): Words | undefined => schema.meta() as Words | undefined;

/** The schema inside optional, default and nullable wrappers, with whether it may be left out and its default. */
function unwrap(schema: z.ZodType): { inner: z.ZodType; optional: boolean; defaultValue?: unknown } {
  let inner = schema;
  let optional = false;
  let defaultValue: unknown;
  for (;;) {
    if (inner instanceof z.ZodOptional) optional = true;
    else if (inner instanceof z.ZodDefault) defaultValue = inner.def.defaultValue;
    else if (!(inner instanceof z.ZodNullable)) break;
    inner = (inner.def as unknown as { innerType: z.ZodType }).innerType;
  }
  return { inner, optional, defaultValue };
}

/** The words on a field, on any of its wrappers. */
function wordsAnywhere(schema: z.ZodType): Words | undefined {
  for (let s: z.ZodType | undefined = schema; s; s = (s.def as { innerType?: z.ZodType }).innerType) {
    const words = wordsOf(s);
    if (words) return words;
  }
  return undefined;
}

function typeOf(inner: z.ZodType, words: Words): FieldType {
  if (words.type) return words.type;
  if (words.kind) return "image";
  if (inner instanceof z.ZodBoolean) return "checkbox";
  if (inner instanceof z.ZodNumber) return "number";
  if (inner instanceof z.ZodEnum) return "select";
  const format = (inner.def as { format?: string }).format;
  return format === "url" ? "url" : format === "email" ? "email" : "text";
}

/** Whether a field must be filled in: not optional, no default, and, for text, not allowed empty. */
function isRequired(inner: z.ZodType, optional: boolean, defaultValue: unknown, type: FieldType) {
  if (optional || defaultValue !== undefined || ["checkbox", "select", "image"].includes(type)) return false;
  if (!(inner instanceof z.ZodString)) return true;
  const checks = (inner.def.checks ?? []) as { _zod: { def: { check: string } } }[];
  return (
    Boolean((inner.def as { format?: string }).format) || checks.some((c) => ["min_length", "string_format"].includes(c._zod.def.check))
  );
}

function fieldOf(name: string, schema: z.ZodType, words: Words, focusPrefix: string): EditorField {
  const { inner, optional, defaultValue } = unwrap(schema);
  const type = typeOf(inner, words);
  return {
    name,
    label: words.label!,
    type,
    ...(isRequired(inner, optional, defaultValue, type) ? { required: true } : {}),
    ...(words.hint ? { hint: words.hint } : {}),
    ...(inner instanceof z.ZodEnum ? { options: inner.options as string[] } : {}),
    ...(optional ? { optional } : {}),
    ...(type === "checkbox" && defaultValue === true ? { defaultOn: true } : {}),
    ...(words.kind ? { kind: words.kind } : {}),
    ...(words.focus ? { focus: `${focusPrefix}${words.focus}` } : {}),
    ...(words.verbatim ? { verbatim: true } : {}),
  };
}

const objectShape = (schema: z.ZodType) => (schema as z.ZodObject).shape as Record<string, z.ZodType>;

function listOf(name: string, array: z.ZodArray, words: Words): EditorList {
  const checks = (array.def.checks ?? []) as { _zod: { def: { check: string } } }[];
  const row = unwrap(array.def.element as z.ZodType).inner;
  const fields = Object.entries(objectShape(row)).flatMap(([key, field]) => {
    const fieldWords = wordsAnywhere(field);
    return fieldWords?.label ? [fieldOf(key, field, fieldWords, "")] : [];
  });
  return {
    name,
    legend: words.legend!,
    item: words.item ?? "row",
    fields,
    ...(checks.some((c) => c._zod.def.check === "length_equals") ? { fixed: true } : {}),
    ...(words.rowId ? { id: words.rowId } : {}),
    ...(words.legendField ? { legendField: words.legendField } : {}),
    ...(words.verbatim ? { verbatim: true } : {}),
  };
}

/** The fields and lists of one object, at `path`; in an object that may be left out, no field is required. */
function groupOf(path: string, object: z.ZodType, legend: string, optional = false): EditorGroup {
  const group: EditorGroup = { legend, path, fields: [], lists: [], order: [] };
  const prefix = path ? `${path}.` : "";
  for (const [key, field] of Object.entries(objectShape(object))) {
    const words = wordsAnywhere(field);
    const { inner } = unwrap(field);
    if (inner instanceof z.ZodArray && words?.legend) {
      group.lists.push(listOf(`${prefix}${key}`, inner, words));
      group.order.push(`${prefix}${key}`);
    } else if (words?.label) {
      group.order.push(`${prefix}${key}`);
      const made = fieldOf(`${prefix}${key}`, field, words, prefix);
      if (optional) delete made.required;
      group.fields.push(made);
    }
  }
  return group;
}

/**
 * The editor of documents of `schema`: the document's own fields first (under its `legend`), then a group
 * for each object with a legend; its lists after the text, and a group's own lists inside the group.
 */
export function editorShapeOf(schema: z.ZodObject, body?: EditorShape["body"]): EditorShape {
  const top = groupOf("", schema, wordsOf(schema)?.legend ?? "");
  const nested = Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const words = wordsAnywhere(field);
    const { inner, optional } = unwrap(field);
    return inner instanceof z.ZodObject && words?.legend ? [groupOf(key, inner, words.legend, optional)] : [];
  });
  return {
    groups: [{ ...top, lists: [], order: top.order.filter((name) => !top.lists.some((l) => l.name === name)) }, ...nested].filter(
      (g) => g.fields.length || g.lists.length,
    ),
    lists: top.lists,
    ...(body ? { body } : {}),
  };
}

/**
 * The objects of `schema` that may be left out, with the fields each needs: an object the form leaves with
 * none of them is taken out whole (an article's video, a person's portrait), and the fixed values its
 * schema requires (the video's provider) are written when it is there.
 */
export function optionalPartsOf(schema: z.ZodObject): { path: string; needs: string[]; fixed: Record<string, unknown> }[] {
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) => {
    const { inner, optional } = unwrap(field);
    if (!(inner instanceof z.ZodObject)) return [];
    const entries = Object.entries(objectShape(inner));
    const needs = entries.filter(([, f]) => !unwrap(f).optional && unwrap(f).defaultValue === undefined).map(([k]) => k);
    const fixed = Object.fromEntries(
      entries.flatMap(([k, f]) => {
        const literal = unwrap(f).inner;
        return literal instanceof z.ZodLiteral ? [[k, literal.value]] : [];
      }),
    );
    return optional ? [{ path: key, needs, fixed }] : [];
  });
}
