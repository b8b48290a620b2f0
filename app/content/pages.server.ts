/**
 * Pages, articles and partners as staff edit them (the staff area's Site section): every field, the lists as
 * rows, and the Markdown body. A save rewrites the document's text (its YAML through the YAML document, so
 * what the form does not show stays as it was) and is checked by the same schemas and whole-site rules as the
 * files; the preview and the source warnings come from the site built with it.
 */
import { parseDocument, type Document } from "yaml";
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import { sourcedPages, type SiteContent } from "./collections.server";
import { joinFile, splitFile } from "./front-matter.server";
import { idCandidates } from "./ids";
import { formKindOf, PAGE_FORMS, type FormKind, type PageField, type PageList } from "./page-form";
import { ContentError } from "./parse";
import { aboutSchema, communitySchema, homeSchema, ideologySchema, legalPageSchema, partnersSchema } from "./schemas";
import { sourceWarnings } from "./source-warnings";
import type { ContentStore, StoredDocument } from "./store.server";

const SCHEMAS = {
  communities: communitySchema,
  ideology: ideologySchema,
  home: homeSchema,
  about: aboutSchema,
  legal: legalPageSchema,
  partners: partnersSchema,
} satisfies Record<FormKind, unknown>;

/** A document's fields as an editable YAML document, and its body (null for a YAML file). */
function open(path: string, source: string): { fields: Document; body: string | null } {
  if (path.endsWith(".yaml")) return { fields: parseDocument(source), body: null };
  const { frontMatter, body } = splitFile(source);
  return { fields: frontMatter, body };
}

type Row = Record<string, string>;
export interface PageForm {
  /** Every group field's text; a checkbox is "on" or "". */
  values: Record<string, string>;
  lists: Record<string, Row[]>;
  body: string;
  revision: number;
}

const groupFields = (kind: FormKind): PageField[] => PAGE_FORMS[kind].groups.flatMap((g) => g.fields);
const keyPath = (name: string) => name.split(".");
const asText = (field: PageField, value: unknown) =>
  field.type === "checkbox" ? (value === true ? "on" : "") : value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? "");

/** A row's keys: its lasting id, if the list has one, then its fields. */
const rowKeys = (list: PageList) => [...(list.id ? [list.id] : []), ...list.fields.map((f) => f.name)];
/** How a row's id is read: as text. */
const TEXT: PageField = { name: "", label: "", type: "text" };

/** What the form shows for a stored document. */
export function pageForm(path: string, stored: StoredDocument): PageForm {
  const kind = formKindOf(path)!;
  const { fields, body } = open(path, stored.source);
  const values = Object.fromEntries(groupFields(kind).map((f) => [f.name, asText(f, fields.getIn(keyPath(f.name)))]));
  const data = fields.toJS() as Record<string, unknown>;
  const lists = Object.fromEntries(
    PAGE_FORMS[kind].lists.map((list) => [
      list.name,
      ((data[list.name] as Record<string, unknown>[] | undefined) ?? []).map((row) =>
        Object.fromEntries(rowKeys(list).map((name) => [name, asText(list.fields.find((f) => f.name === name) ?? TEXT, row[name])])),
      ),
    ]),
  );
  return { values, lists, body: body ?? "", revision: stored.revision };
}

const isBlank = (fields: PageField[], row: Row) => fields.every((f) => f.type === "checkbox" || f.type === "select" || !row[f.name]);

/**
 * The submitted form, with its rows as they now stand: moved where a "Move up"/"Move down" button asked,
 * without the rows marked for removal and the blank ones.
 */
export function readPageForm(path: string, form: FormData): PageForm {
  const kind = formKindOf(path)!;
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = Object.fromEntries(groupFields(kind).map((f) => [f.name, text(f.name)]));
  const move = /^move:([a-z]+):(\d+):(up|down)$/.exec(String(form.get("intent") ?? ""));
  const lists = Object.fromEntries(
    PAGE_FORMS[kind].lists.map((list) => {
      const indexes = new Set<number>();
      for (const key of form.keys()) {
        const match = new RegExp(`^${list.name}\\.(\\d+)\\.`).exec(key);
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

/** A field's value as the front matter holds it; undefined leaves it out. */
function valueOf(field: PageField, text: string): unknown {
  if (field.type === "checkbox") return text === "on" ? true : undefined;
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
function applyForm(path: string, source: string, form: PageForm): string {
  const kind = formKindOf(path)!;
  const { fields: doc } = open(path, source);
  const stored = pageForm(path, { source, revision: 0 });
  let touched = false;
  for (const field of groupFields(kind)) {
    const typed = form.values[field.name] ?? "";
    if (typed === stored.values[field.name]) continue;
    const value = valueOf(field, typed);
    touched = true;
    // Nothing to remove where the part itself is absent (an article without a video).
    if (value === undefined) {
      if (doc.getIn(keyPath(field.name)) !== undefined) doc.deleteIn(keyPath(field.name));
    } else doc.setIn(keyPath(field.name), value);
  }
  // A video added to an article that had none is on YouTube, the one provider the site embeds.
  if (doc.has("video") && !doc.hasIn(["video", "provider"])) doc.setIn(["video", "provider"], "YouTube");
  // An optional part (the video, the post on X) with nothing typed in is left out altogether.
  for (const name of ["video", "tweet"]) {
    const fields = groupFields(kind).filter((f) => f.name.startsWith(`${name}.`) && f.type !== "checkbox");
    if (fields.length && fields.every((f) => !form.values[f.name]) && doc.has(name)) {
      doc.delete(name);
      touched = true;
    }
  }
  for (const list of PAGE_FORMS[kind].lists) {
    const given = form.lists[list.name] ?? [];
    if (JSON.stringify(given) === JSON.stringify(stored.lists[list.name])) continue;
    touched = true;
    // Rows keep the order of keys the document's rows have (a source's publisher, title, date, address).
    const first = (doc.toJS() as Record<string, Record<string, unknown>[] | undefined>)[list.name]?.[0] ?? {};
    const keys = [...new Set([...(list.id ? [list.id] : []), ...Object.keys(first), ...list.fields.map((f) => f.name)])];
    const taken = new Set(list.id ? given.map((row) => row[list.id!] ?? "").filter(Boolean) : []);
    const rows = given.map((row) =>
      Object.fromEntries(
        keys.flatMap((key) => {
          if (key === list.id) return [[key, row[key] || newId(row.name ?? "", taken)]];
          const field = list.fields.find((f) => f.name === key);
          if (!field) return [];
          const value = valueOf(field, row[key] ?? "");
          // A fixed list's row keeps every field, even an empty one (a decorative slide's alt text).
          return value === undefined ? (list.fixed && field.type !== "checkbox" && !field.optional ? [[key, ""]] : []) : [[key, value]];
        }),
      ),
    );
    if (rows.length) doc.set(list.name, doc.createNode(rows));
    else doc.delete(list.name);
  }
  // The YAML library rewraps every value it writes: an untouched document keeps its own text.
  if (path.endsWith(".yaml")) return touched ? doc.toString() : source;
  return touched ? joinFile(doc, form.body) : joinFile(splitFile(source).frontMatterText, form.body);
}

/** Words for a rule a field broke, by the kind of field: zod's own are for developers. */
function messageFor(field: PageField | undefined, fallback: string): string {
  switch (field?.type) {
    case "url":
      return "Enter a web address starting with https://";
    case "date":
      return "Enter the date as year-month-day, such as 2025-06-30";
    case "number":
      return "Enter a whole number";
    case "image":
      return "Upload the photograph again";
    case undefined:
      return fallback;
    default:
      return "Fill this in";
  }
}

function schemaErrors(path: string, source: string): FieldErrors {
  const kind = formKindOf(path)!;
  const parsed = SCHEMAS[kind].safeParse(open(path, source).fields.toJS());
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  // A rule written for staff keeps its own words (a check of its own, or a text field's pattern: a video id, a
  // focal point); the schema's generic ones are put in the field's terms.
  const wordsFor = (issue: (typeof parsed.error.issues)[number], field: PageField | undefined) =>
    issue.code === "custom" || (issue.code === "invalid_format" && field?.type === "text")
      ? issue.message
      : messageFor(field, issue.message);
  // Two rules broken by one value (an address neither https nor on a host) are put in the same words: say them once.
  const add = (name: string, message: string) => {
    const messages = (errors[name] ??= []);
    if (!messages.includes(message)) messages.push(message);
  };
  for (const issue of parsed.error.issues) {
    const [head, index, rowField] = issue.path.map(String);
    const list = PAGE_FORMS[kind].lists.find((l) => l.name === head);
    if (list && index !== undefined && rowField !== undefined) {
      const field = list.fields.find((f) => f.name === rowField);
      add(`${list.name}.${index}.${rowField}`, wordsFor(issue, field));
      continue;
    }
    const name = issue.path.join(".");
    const field = groupFields(kind).find((f) => f.name === name);
    add(field ? name : "form", field ? wordsFor(issue, field) : `${name}: ${issue.message}`);
  }
  return errors;
}

/** Where a whole-page rule shows: at the field it names, at the body for its sections, else above the form. */
function siteRuleError(path: string, err: ContentError): FieldErrors {
  const kind = formKindOf(path)!;
  const message = err.message.slice(err.file.length + 2);
  const named = groupFields(kind).find((f) => message.startsWith(`${f.name}: `));
  if (named) return { [named.name]: [message.slice(named.name.length + 2)] };
  if (err.file !== path) return { form: [message] };
  if (message.startsWith("text before the first")) return { body: ["Start the text with a section heading, such as “## Under Attack”"] };
  return { body: [`The sections: ${message}`] };
}

export interface PagePreview {
  sections: { heading: string; html: string }[];
  warnings: string[];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The document's text as visitors will see it, and what `content:check` would warn about its sources. */
function previewOf(path: string, site: SiteContent): PagePreview {
  const warnings = sourceWarnings(sourcedPages(site))
    .filter((w) => w.startsWith(`${path}: `))
    .map((w) => w.slice(path.length + 2));
  const slug = path.slice(path.indexOf("/") + 1, -".md".length);
  const kind = formKindOf(path);
  if (kind === "communities") {
    const c = site.communities.find((x) => x.slug === slug)!;
    const sections = [
      { heading: "Under Attack", html: c.underAttackHtml },
      { heading: "Content", html: c.contentHtml },
      { heading: "Culture", html: c.cultureHtml },
      { heading: "History", html: c.historyHtml },
    ].filter((s): s is { heading: string; html: string } => Boolean(s.html));
    return { sections, warnings };
  }
  if (kind === "ideology") {
    const a = site.ideology.find((x) => x.section === slug)!;
    const list = a.communities.length
      ? `<ul>${a.communities.map((c) => `<li><strong>${escapeHtml(c.name)}:</strong> ${c.descriptionHtml}</li>`).join("")}</ul>`
      : "";
    return { sections: [{ heading: a.heading, html: a.bodyBeforeListHtml + list + a.bodyAfterListHtml }], warnings };
  }
  if (kind === "legal") {
    const page = site.legal[slug as keyof SiteContent["legal"]];
    return { sections: [{ heading: page.title, html: page.bodyHtml }], warnings };
  }
  return { sections: [], warnings };
}

/** The warnings for a document as stored now. */
export async function storedPageWarnings(store: ContentStore, path: string) {
  return previewOf(path, store.siteWith()).warnings;
}

export type PageResult =
  | ({ kind: "saved"; revision: number } & Published)
  | { kind: "edited" }
  | { kind: "preview"; preview: PagePreview }
  | { kind: "invalid"; errors: FieldErrors }
  /** Someone saved since this editor started: what they changed, and the revisions to compare. */
  | { kind: "conflict"; changed: string[]; revision: number; from: number };

/** What differs between two states of a document, as the form's labels name it. */
function changedParts(path: string, before: PageForm, after: PageForm): string[] {
  const shape = PAGE_FORMS[formKindOf(path)!];
  const changed = shape.groups
    .flatMap((g) => g.fields)
    .filter((f) => before.values[f.name] !== after.values[f.name])
    .map((f) => f.label);
  for (const list of shape.lists)
    if (JSON.stringify(before.lists[list.name]) !== JSON.stringify(after.lists[list.name])) changed.push(list.legend);
  if (shape.body && before.body !== after.body) changed.push(shape.body.label);
  return changed;
}

/**
 * Previews or saves a document; "edit" (a row moved) only gives the form back. Refused field by field, by
 * the site's rules, or when someone saved meanwhile.
 */
export async function savePage(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  path: string,
  form: PageForm,
  intent: "preview" | "save" | "edit",
): Promise<PageResult> {
  const current = await store.get(path);
  if (!current) return { kind: "conflict", changed: [], revision: 0, from: form.revision };
  if (intent === "edit") return { kind: "edited" };
  const next = applyForm(path, current.source, form);
  const needsBody = PAGE_FORMS[formKindOf(path)!].body && !form.body;
  const errors = needsBody ? { body: ["Write the page's text"] } : schemaErrors(path, next);
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  let site: SiteContent;
  try {
    site = store.siteWith([{ path, source: next }]);
  } catch (err) {
    if (err instanceof ContentError) return { kind: "invalid", errors: siteRuleError(path, err) };
    throw err;
  }
  if (intent === "preview") return { kind: "preview", preview: previewOf(path, site) };
  const saved = await store.save({ path, revision: form.revision, source: next, savedBy: actor.id ?? "system" });
  if ("conflict" in saved) {
    const now = saved.current ?? current;
    const base = (await store.history(path)).find((r) => r.revision === form.revision)?.source;
    const changed = base ? changedParts(path, pageForm(path, { source: base, revision: 0 }), pageForm(path, now)) : [];
    return { kind: "conflict", changed, revision: now.revision, from: form.revision };
  }
  await audit(db, actor, { action: "content-saved", target: `content:${path}`, details: { revision: saved.revision } });
  return { kind: "saved", revision: saved.revision, live: saved.live };
}
