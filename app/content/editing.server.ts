/**
 * The one editor of the Site section, for every kind of document (document-kinds.server.ts): the form a
 * stored document makes, the form as a browser sends it back (with or without script), and a save. A save
 * rewrites only what the editor changed in the document's text (its YAML through the YAML document, so what
 * the form does not show stays as it was), is checked by the same schemas and whole-site rules as the files,
 * and is refused field by field, by a rule about the whole site, or when someone saved meanwhile.
 */
import { parseDocument, type Document } from "yaml";
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { sourcedPages, type SiteContent } from "./collections.server";
import { kindOf, type DocumentKind, type PreviewSection } from "./document-kinds.server";
import { fieldsOf, listsOf, type EditorField, type EditorList, type EditorValues } from "./editor-shape";
import { joinFile, splitFile } from "./front-matter.server";
import { idCandidates } from "./ids";
import { ContentError } from "./parse";
import { sourceWarnings } from "./source-warnings";
import type { ContentStore, StoredDocument } from "./store.server";

type Row = Record<string, string>;

/** The kind of the document at `path`; it must be one an editor edits. */
function kindAt(path: string) {
  const found = kindOf(path);
  if (!found) throw new Error(`${path} has no editor`);
  return found;
}

/** A document's fields as an editable YAML document, and its text (null for a YAML file). */
function open(kind: DocumentKind, source: string): { fields: Document; body: string | null } {
  if (kind.format === "yaml") return { fields: parseDocument(source), body: null };
  const { frontMatter, body } = splitFile(source);
  return { fields: frontMatter, body };
}

/** A dotted name as a place in the document: `social.links.0.url` → social, links, 0, url. */
const keyPath = (name: string) => name.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));

function at(data: unknown, name: string): unknown {
  let value = data;
  for (const key of keyPath(name)) value = (value as Record<string | number, unknown> | undefined)?.[key];
  return value;
}

function asText(field: EditorField, value: unknown): string {
  if (field.type === "checkbox") return (field.defaultOn ? value !== false : value === true) ? "on" : "";
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? "");
}

/** A row's keys: its lasting id and its name, where the list has them, then its fields. */
const rowKeys = (list: EditorList) => [
  ...(list.id ? [list.id] : []),
  ...(list.legendField ? [list.legendField] : []),
  ...list.fields.map((f) => f.name),
];
/** How a row's id or name is read: as text. */
const TEXT: EditorField = { name: "", label: "", type: "text" };

/** What the form shows for a document's text. */
export function formFrom(kind: DocumentKind, source: string, revision: number): EditorValues {
  const { fields, body } = open(kind, source);
  const data = fields.toJS() as unknown;
  const values = Object.fromEntries(fieldsOf(kind.shape).map((f) => [f.name, asText(f, at(data, f.name))]));
  const lists = Object.fromEntries(
    listsOf(kind.shape).map((list) => [
      list.name,
      ((at(data, list.name) as Record<string, unknown>[] | undefined) ?? []).map((row) =>
        Object.fromEntries(rowKeys(list).map((name) => [name, asText(list.fields.find((f) => f.name === name) ?? TEXT, row[name])])),
      ),
    ]),
  );
  return { values, lists, body: body ?? "", revision };
}

/** What the form shows for a stored document. */
export const formOf = (path: string, stored: StoredDocument): EditorValues => formFrom(kindAt(path).kind, stored.source, stored.revision);

const isBlank = (fields: EditorField[], row: Row) => fields.every((f) => f.type === "checkbox" || f.type === "select" || !row[f.name]);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The submitted form, with its rows as they now stand: moved where a "Move up"/"Move down" button asked,
 * without the rows marked for removal and the blank ones.
 */
export function readForm(path: string, form: FormData): EditorValues {
  const { kind } = kindAt(path);
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = Object.fromEntries(fieldsOf(kind.shape).map((f) => [f.name, text(f.name)]));
  const move = /^move:([a-zA-Z.]+):(\d+):(up|down)$/.exec(String(form.get("intent") ?? ""));
  const lists = Object.fromEntries(
    listsOf(kind.shape).map((list) => {
      const rowKey = new RegExp(`^${escapeRegExp(list.name)}\\.(\\d+)\\.`);
      const indexes = new Set<number>();
      for (const key of form.keys()) {
        const match = rowKey.exec(key);
        if (match) indexes.add(Number(match[1]));
      }
      const rows = [...indexes]
        .sort((a, b) => a - b)
        .map((i) => ({
          remove: form.get(`${list.name}.${i}.remove`) === "on",
          row: Object.fromEntries(rowKeys(list).map((name) => [name, text(`${list.name}.${i}.${name}`)])),
        }));
      if (move && move[1] === list.name) {
        const from = Number(move[2]);
        const to = move[3] === "up" ? from - 1 : from + 1;
        if (rows[from] && rows[to]) [rows[from], rows[to]] = [rows[to]!, rows[from]!];
      }
      return [list.name, rows.filter((r) => list.fixed || (!r.remove && !isBlank(list.fields, r.row))).map((r) => r.row)];
    }),
  );
  return {
    values,
    lists,
    body: String(form.get("body") ?? "")
      .replace(/\r\n/g, "\n")
      .trim(),
    revision: Number(form.get("revision")) || 0,
  };
}

/** How many rows of a list the submitted form has (its fields are named `<list>.<row>.<field>`). */
export const rowsIn = (submitted: FormData) => (list: string) => {
  const rowKey = new RegExp(`^${escapeRegExp(list)}\\.(\\d+)\\.`);
  return Math.max(0, ...[...submitted.keys()].map((key) => Number(rowKey.exec(key)?.[1] ?? -1) + 1));
};

/** A field's value as the document holds it; undefined leaves it out. */
function valueOf(field: EditorField, text: string): unknown {
  if (field.type === "checkbox") {
    const on = text === "on";
    // Only what differs from the schema's default is written.
    return field.defaultOn ? (on ? undefined : false) : on ? true : undefined;
  }
  if (!text) return undefined;
  if (field.type === "number" && /^-?\d+$/.test(text)) return Number(text);
  return text;
}

/** A new row's id, from its name, unlike any other row's. */
function newId(name: string, taken: Set<string>): string {
  for (const id of idCandidates(name))
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  throw new Error("unreachable");
}

/**
 * The document's text with the form written in. Only what the editor changed is rewritten, so a save's
 * history shows that change and nothing else; fields the form does not know stay as they were.
 */
export function applyForm(kind: DocumentKind, source: string, form: EditorValues): string {
  const { fields: doc } = open(kind, source);
  const stored = formFrom(kind, source, 0);
  let touched = false;
  for (const field of fieldsOf(kind.shape)) {
    const typed = form.values[field.name] ?? "";
    if (typed === stored.values[field.name]) continue;
    const value = valueOf(field, typed);
    touched = true;
    // Nothing to remove where the part itself is absent (an article without a video).
    if (value === undefined) {
      if (doc.getIn(keyPath(field.name)) !== undefined) doc.deleteIn(keyPath(field.name));
    } else doc.setIn(keyPath(field.name), value);
  }
  // An optional part (a video, a portrait) is left out when the form leaves it without what it needs;
  // where it stays, it gets the fixed values its schema asks for (a video's provider).
  for (const part of kind.optionalParts) {
    const shown = fieldsOf(kind.shape).filter((f) => f.name.startsWith(`${part.path}.`) && f.type !== "checkbox");
    const needed = shown.filter((f) => part.needs.includes(f.name.slice(part.path.length + 1)));
    if ((needed.length ? needed : shown).every((f) => !form.values[f.name])) {
      if (doc.has(part.path)) {
        doc.delete(part.path);
        touched = true;
      }
    } else if (doc.has(part.path))
      for (const [key, value] of Object.entries(part.fixed)) if (!doc.hasIn([part.path, key])) doc.setIn([part.path, key], value);
  }
  for (const list of listsOf(kind.shape)) {
    const given = form.lists[list.name] ?? [];
    if (JSON.stringify(given) === JSON.stringify(stored.lists[list.name])) continue;
    touched = true;
    // Rows keep the order of keys the document's rows have (a source's publisher, title, date, address).
    const first = (at(doc.toJS(), list.name) as Record<string, unknown>[] | undefined)?.[0] ?? {};
    const kept = [list.id, list.legendField].filter((key): key is string => Boolean(key));
    const keys = [...new Set([...kept, ...Object.keys(first), ...list.fields.map((f) => f.name)])];
    const taken = new Set(list.id ? given.map((row) => row[list.id!] ?? "").filter(Boolean) : []);
    const rows = given.map((row) =>
      Object.fromEntries(
        keys.flatMap((key): [string, unknown][] => {
          if (key === list.id) return [[key, row[key] || newId(row.name ?? "", taken)]];
          if (key === list.legendField) return [[key, row[key]]];
          const field = list.fields.find((f) => f.name === key);
          if (!field) return [];
          const value = valueOf(field, row[key] ?? "");
          // A fixed list's row keeps every field, even an empty one (a decorative slide's alt text).
          return value === undefined ? (list.fixed && field.type !== "checkbox" && !field.optional ? [[key, ""]] : []) : [[key, value]];
        }),
      ),
    );
    if (rows.length) doc.setIn(keyPath(list.name), doc.createNode(rows));
    else doc.deleteIn(keyPath(list.name));
  }
  // The YAML library rewraps every value it writes: an untouched document keeps its own text.
  if (kind.format === "yaml") return touched ? doc.toString() : source;
  return touched ? joinFile(doc, form.body) : joinFile(splitFile(source).frontMatterText, form.body);
}

/** Words for a rule a field broke, by the kind of field: zod's own are for developers. */
function messageFor(field: EditorField): string {
  switch (field.type) {
    case "url":
      return "Enter a web address starting with https://";
    case "email":
      return "Enter an email address such as info@example.org";
    case "date":
      return "Enter the date as year-month-day, such as 2025-06-30";
    case "number":
      return "Enter a whole number";
    case "image":
      return "Upload the photograph again";
    case "select":
      return `Choose a ${field.label.toLowerCase()}`;
    default:
      return "Fill this in";
  }
}

/** The schema's complaints about a document's text, each at the field the form shows it in. */
export function fieldErrors(kind: DocumentKind, source: string): FieldErrors {
  const parsed = kind.schema.safeParse(open(kind, source).fields.toJS());
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  // A rule written for staff keeps its own words (a check of its own, or a text field's pattern: a video id, a
  // focal point); the schema's generic ones are put in the field's terms.
  const wordsFor = (issue: (typeof parsed.error.issues)[number], field: EditorField) =>
    issue.code === "custom" || (issue.code === "invalid_format" && field.type === "text") ? issue.message : messageFor(field);
  // Two rules broken by one value (an address neither https nor on a host) are put in the same words: say them once.
  const add = (name: string, message: string) => {
    const messages = (errors[name] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of parsed.error.issues) {
    const name = issue.path.join(".");
    const list = listsOf(kind.shape).find((l) => name.startsWith(`${l.name}.`));
    const row = list ? /^(\d+)\.([^.]+)$/.exec(name.slice(list.name.length + 1)) : null;
    const rowField = row ? list!.fields.find((f) => f.name === row[2]) : undefined;
    if (rowField) {
      add(name, wordsFor(issue, rowField));
      continue;
    }
    const field = fieldsOf(kind.shape).find((f) => f.name === name);
    add(field ? name : "form", field ? wordsFor(issue, field) : `${name}: ${issue.message}`);
  }
  return errors;
}

/** Where a whole-site rule shows: at the field it names, at the text for the document's own, else above the form. */
export function siteRuleError(kind: DocumentKind, path: string, err: ContentError): FieldErrors {
  const message = err.message.slice(err.file.length + 2);
  const named = fieldsOf(kind.shape).find((f) => message.startsWith(`${f.name}: `));
  if (named) return { [named.name]: [message.slice(named.name.length + 2)] };
  if (err.file !== path || !kind.body) return { form: [message] };
  if (message.startsWith("text before the first")) return { body: ["Start the text with a section heading, such as “## Under Attack”"] };
  return { body: [kind.name === "community" ? `The sections: ${message}` : message] };
}

export interface EditorPreview {
  sections: PreviewSection[];
  /** What `content:check` would warn about the page's sources. */
  warnings: string[];
}

function previewOf(kind: DocumentKind, slug: string, path: string, site: SiteContent): EditorPreview {
  const warnings = kind.sourced
    ? sourceWarnings(sourcedPages(site).filter((page) => page.path === path)).map((w) => w.slice(path.length + 2))
    : [];
  return { sections: kind.preview?.(site, slug) ?? [], warnings };
}

/** The warnings for a document as it is served now. */
export function servedWarnings(store: ContentStore, path: string): string[] {
  const { kind, slug } = kindAt(path);
  return kind.sourced ? previewOf(kind, slug, path, store.siteWith()).warnings : [];
}

export type EditorResult =
  | ({ kind: "saved"; revision: number } & Published)
  | { kind: "edited" }
  | { kind: "preview"; preview: EditorPreview }
  | { kind: "invalid"; errors: FieldErrors }
  /** Someone saved since this editor started: what they changed, and the revisions to compare. */
  | { kind: "conflict"; changed: string[]; revision: number; from: number };

/** What differs between two states of a document, as the form's labels name it. */
function changedParts(kind: DocumentKind, before: EditorValues, after: EditorValues): string[] {
  const changed = fieldsOf(kind.shape)
    .filter((f) => before.values[f.name] !== after.values[f.name])
    .map((f) => f.label);
  for (const list of listsOf(kind.shape))
    if (JSON.stringify(before.lists[list.name]) !== JSON.stringify(after.lists[list.name])) changed.push(list.legend);
  if (kind.shape.body && before.body !== after.body) changed.push(kind.shape.body.label);
  return changed;
}

/** The conflict a refused save answers: what the other editor changed since this one's revision. */
async function conflictOf(store: ContentStore, kind: DocumentKind, path: string, from: number, now: StoredDocument) {
  const base = (await store.history(path)).find((r) => r.revision === from)?.source;
  const changed = base ? changedParts(kind, formFrom(kind, base, from), formFrom(kind, now.source, now.revision)) : [];
  return { kind: "conflict" as const, changed, revision: now.revision, from };
}

/**
 * Previews or saves a document; "edit" (a row moved) only gives the form back. Checked field by field, then
 * against the rest of the site as it is served (parsing this document alone), then saved.
 */
export async function saveDocument(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  path: string,
  form: EditorValues,
  intent: "preview" | "save" | "edit",
  /** A minor change (a typo, a link): the translations made before it stay current. */
  minor = false,
): Promise<EditorResult> {
  const { kind, slug } = kindAt(path);
  const current = await store.get(path);
  if (!current) return { kind: "conflict", changed: [], revision: 0, from: form.revision };
  if (intent === "edit") return { kind: "edited" };
  const next = applyForm(kind, current.source, form);
  const errors = { ...fieldErrors(kind, next), ...(kind.body && !form.body ? { body: [kind.body.missing] } : {}) };
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  let site: SiteContent;
  try {
    site = store.siteWith([{ path, source: next }]);
  } catch (err) {
    if (err instanceof ContentError) return { kind: "invalid", errors: siteRuleError(kind, path, err) };
    throw err;
  }
  if (intent === "preview") return { kind: "preview", preview: previewOf(kind, slug, path, site) };
  const saved = await store.save({ path, revision: form.revision, source: next, savedBy: actor.id ?? "system", minor });
  if ("conflict" in saved) return conflictOf(store, kind, path, form.revision, saved.current ?? current);
  await audit(db, actor, { action: "content-saved", target: `content:${path}`, details: { revision: saved.revision } });
  return { kind: "saved", revision: saved.revision, live: saved.live };
}

/** Removes a document staff may remove (a person): its page answers 404 and leaves the sitemap; its history stays. */
export async function removeDocument(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  path: string,
  revision: number,
): Promise<({ removed: true } & Published) | { error: string }> {
  if (!kindAt(path).kind.removable) return { error: "This cannot be removed from the site." };
  try {
    const saved = await store.save({ path, revision, source: null, savedBy: actor.id ?? "system" });
    if ("conflict" in saved) return { error: "Not removed: someone saved this meanwhile. Look at the page again first." };
    await audit(db, actor, { action: "content-deleted", target: `content:${path}`, details: { revision: saved.revision } });
    return { removed: true, live: saved.live };
  } catch (err) {
    // The board's rules: an officer's record, or the last person on a board.
    if (err instanceof ContentError) return { error: `Not removed: ${err.message.slice(err.file.length + 2)}.` };
    throw err;
  }
}

/** A new document's errors as its editor would give them, for forms that create one (a person added to a board). */
export function documentErrors(path: string, source: string): FieldErrors {
  return fieldErrors(kindAt(path).kind, source);
}
