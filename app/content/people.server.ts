/**
 * The boards' members as staff edit them (the staff area's Site section): name, title, place in the grid,
 * whether the grid shows them, the portrait and its focal point, and the biography. A save rewrites the person's file text: its front matter
 * through the YAML document (so its layout stays), its body as typed. The whole content is then built from
 * it, with the same schema and rules as the files, and the preview is the biography as visitors see it.
 */
import { Document } from "yaml";
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import type { SiteContent } from "./collections.server";
import { joinFile, splitFile } from "./front-matter.server";
import { idCandidates } from "./ids";
import { PORTRAIT_SLOT } from "./page-form";
import { ContentError } from "./parse";
import { teamMemberSchema } from "./schemas";
import type { ContentStore } from "./store.server";

export const BOARD_KEYS = ["directors", "advisors"] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];
export const isBoard = (value: string | undefined): value is BoardKey => BOARD_KEYS.includes(value as BoardKey);

const pathOf = (board: BoardKey, id: string) => `team/${board}/${id}.md`;

export interface PersonForm {
  name: string;
  title: string;
  order: string;
  listed: boolean;
  placeholder: boolean;
  /** The uploaded portrait's id (empty: the drawn stand-in) and where it is centred in the square-ish frame. */
  portrait: string;
  portraitPosition: string;
  biography: string;
  revision: number;
}

export async function personForm(store: ContentStore, board: BoardKey, id: string): Promise<PersonForm | null> {
  const stored = await store.get(pathOf(board, id));
  return stored ? { ...personFormOf(stored.source), revision: stored.revision } : null;
}

/** A person's file text as the form's fields. */
function personFormOf(source: string): Omit<PersonForm, "revision"> {
  const { frontMatter, body } = splitFile(source);
  const data = frontMatter.toJS() as Record<string, unknown>;
  const portrait = (data.portrait ?? {}) as { upload?: string; position?: string };
  return {
    name: String(data.name ?? ""),
    title: String(data.title ?? ""),
    order: String(data.order ?? ""),
    listed: data.listed !== false,
    placeholder: data.placeholder === true,
    portrait: portrait.upload ?? "",
    portraitPosition: portrait.position ?? "",
    biography: body,
  };
}

export function readPersonForm(form: FormData): PersonForm {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return {
    name: text("name"),
    title: text("title"),
    order: text("order"),
    listed: form.get("listed") === "on",
    placeholder: form.get("placeholder") === "on",
    portrait: text(PORTRAIT_SLOT.name),
    portraitPosition: text(PORTRAIT_SLOT.focus),
    biography: text("biography").replace(/\r\n/g, "\n"),
    revision: Number(form.get("revision")) || 0,
  };
}

export type PersonResult =
  | ({ kind: "saved" } & Published)
  | { kind: "preview"; bioHtml: string }
  | { kind: "invalid"; errors: FieldErrors }
  /** Someone saved since this editor started: what they changed, and the revisions to compare. */
  | { kind: "conflict"; changed: string[]; revision: number; from: number };

/** The form's fields by the words the editor shows for them. */
const LABELS: Record<Exclude<keyof PersonForm, "revision">, string> = {
  name: "Name",
  title: "Title",
  order: "Place in the grid",
  listed: "Shown on the grid",
  placeholder: "Still a stand-in",
  portrait: "Portrait",
  portraitPosition: "Portrait's focal point",
  biography: "Biography",
};

/** The person's file text with the form written in, and the site as it would be with it. */
function apply(store: ContentStore, source: string, form: PersonForm, path: string) {
  const doc = splitFile(source).frontMatter;
  doc.set("name", form.name);
  doc.set("title", form.title);
  doc.set("order", Number(form.order));
  if (form.listed) doc.delete("listed");
  else doc.set("listed", false);
  if (form.placeholder) doc.set("placeholder", true);
  else doc.delete("placeholder");
  if (form.portrait) doc.set("portrait", doc.createNode({ upload: form.portrait, position: form.portraitPosition || "50% 50%" }));
  else doc.delete("portrait");
  const next = joinFile(doc, form.biography);
  return { next, site: store.siteWith([{ path, source: next }]) };
}

function fieldErrors(form: PersonForm): FieldErrors {
  const errors: FieldErrors = {};
  const portrait = form.portrait ? { upload: form.portrait, position: form.portraitPosition || undefined } : undefined;
  const parsed = teamMemberSchema.safeParse({ name: form.name, title: form.title, order: Number(form.order || "x"), portrait });
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [head, part] = issue.path.map(String);
      if (head === "portrait") {
        if (part === "position") errors[PORTRAIT_SLOT.focus] = [issue.message];
        else errors[PORTRAIT_SLOT.name] = ["Upload the portrait again"];
        continue;
      }
      const message = head === "order" ? "Enter a whole number: lower comes first" : head === "title" ? "Choose a title" : "Enter the name";
      errors[head!] = [message];
    }
  if (!form.biography) errors.biography = ["Write a biography: a sentence or two at least"];
  return errors;
}

/** Previews or saves a person: refused field by field, by the board's rules, or when someone saved meanwhile. */
export async function savePerson(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  target: { board: BoardKey; id: string },
  form: PersonForm,
  intent: "preview" | "save",
): Promise<PersonResult> {
  const path = pathOf(target.board, target.id);
  const errors = fieldErrors(form);
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  const current = await store.get(path);
  if (!current) return { kind: "conflict", changed: [], revision: 0, from: form.revision };
  let applied: { next: string; site: SiteContent };
  try {
    applied = apply(store, current.source, form, path);
  } catch (err) {
    // A rule about the whole board (an officer's record missing, a title not allowed on the grid).
    if (err instanceof ContentError) return { kind: "invalid", errors: { form: [err.message.slice(err.file.length + 2)] } };
    throw err;
  }
  if (intent === "preview") {
    const member = applied.site[target.board].find((m) => m.id === target.id)!;
    return { kind: "preview", bioHtml: member.bioHtml };
  }
  const saved = await store.save({ path, revision: form.revision, source: applied.next, savedBy: actor.id ?? "system" });
  if ("conflict" in saved) {
    const now = saved.current ?? current;
    const base = (await store.history(path)).find((r) => r.revision === form.revision)?.source;
    const [before, after] = [base ? personFormOf(base) : null, personFormOf(now.source)];
    const changed = before
      ? (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((k) => before[k] !== after[k]).map((k) => LABELS[k])
      : [];
    return { kind: "conflict", changed, revision: now.revision, from: form.revision };
  }
  await audit(db, actor, { action: "content-saved", target: `content:${path}`, details: { revision: saved.revision } });
  return { kind: "saved", live: saved.live };
}

/** Both boards as the staff list shows them, in the grids' order. */
export const boardsOf = (content: SiteContent) =>
  BOARD_KEYS.map((board) => ({
    board,
    members: content[board].map(({ id, name, title, order, listed, placeholder }) => ({ id, name, title, order, listed, placeholder })),
  }));

/** A new person's id, from their name, unlike any id the board has had (a removed person's history stays theirs). */
async function newPersonId(store: ContentStore, board: BoardKey, name: string): Promise<string> {
  for (const id of idCandidates(name)) if ((await store.history(pathOf(board, id))).length === 0) return id;
  throw new Error("unreachable");
}

export type AddPersonResult = ({ kind: "added"; id: string } & Published) | { kind: "invalid"; errors: FieldErrors };

/** Adds a person at the end of the board's grid. */
export async function addPerson(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  board: BoardKey,
  form: Pick<PersonForm, "name" | "title" | "biography">,
): Promise<AddPersonResult> {
  const site = store.siteWith();
  const order = Math.max(0, ...site[board].map((m) => m.order)) + 1;
  const errors = fieldErrors({
    ...form,
    order: String(order),
    listed: true,
    placeholder: false,
    portrait: "",
    portraitPosition: "",
    revision: 0,
  });
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  const id = await newPersonId(store, board, form.name);
  const path = pathOf(board, id);
  const source = joinFile(new Document({ name: form.name, title: form.title, order }), form.biography);
  try {
    store.siteWith([{ path, source }]);
  } catch (err) {
    if (err instanceof ContentError) return { kind: "invalid", errors: { form: [err.message.slice(err.file.length + 2)] } };
    throw err;
  }
  const saved = await store.save({ path, revision: 0, source, savedBy: actor.id ?? "system" });
  if ("conflict" in saved)
    return { kind: "invalid", errors: { form: ["Someone added a person with that name at the same moment: try again."] } };
  await audit(db, actor, { action: "content-saved", target: `content:${path}`, details: { revision: saved.revision, added: true } });
  return { kind: "added", id, live: saved.live };
}

/** Removes a person from the site: their page answers 404 and leaves the sitemap; their history stays. */
export async function removePerson(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  target: { board: BoardKey; id: string },
  revision: number,
): Promise<({ removed: true } & Published) | { error: string }> {
  const path = pathOf(target.board, target.id);
  try {
    const saved = await store.save({ path, revision, source: null, savedBy: actor.id ?? "system" });
    if ("conflict" in saved) return { error: "Not removed: someone saved this person meanwhile. Look at the page again first." };
    await audit(db, actor, { action: "content-deleted", target: `content:${path}`, details: { revision: saved.revision } });
    return { removed: true, live: saved.live };
  } catch (err) {
    // The board's rules: an officer's record, or the last person on a board.
    if (err instanceof ContentError) return { error: `Not removed: ${err.message.slice(err.file.length + 2)}.` };
    throw err;
  }
}

export type MoveResult = ({ moved: true; name: string } & Published) | { error: string };

/**
 * Moves a person one place up or down their board's grid, as the grid shows it: the two swap their numbers
 * (or, where staff gave two people the same number, the grid is numbered afresh), saved together as a
 * revision of each, and audited.
 */
export async function movePerson(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  target: { board: BoardKey; id: string },
  direction: "up" | "down",
): Promise<MoveResult> {
  const grid = store.siteWith()[target.board].filter((m) => m.listed);
  const from = grid.findIndex((m) => m.id === target.id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || !grid[to]) return { error: "Not moved: they are already at that end of the grid, or no longer on it." };
  const moved = grid.map((m) => m.id);
  [moved[from], moved[to]] = [moved[to]!, moved[from]!];
  const numbers = grid.map((m) => m.order);
  const distinct = new Set(numbers).size === numbers.length;
  const changes = [];
  for (const [place, id] of moved.entries()) {
    const order = distinct ? numbers[place]! : place + 1;
    if (grid.find((m) => m.id === id)!.order === order) continue;
    const path = pathOf(target.board, id);
    const stored = (await store.get(path))!;
    const { frontMatter, body } = splitFile(stored.source);
    frontMatter.set("order", order);
    changes.push({ path, revision: stored.revision, source: joinFile(frontMatter, body), savedBy: actor.id ?? "system", order });
  }
  const saved = await store.saveAll(changes);
  if ("conflict" in saved) return { error: "Not moved: someone changed the board meanwhile. Look at the list again, then move." };
  for (const [i, { path, order }] of changes.entries())
    await audit(db, actor, {
      action: "content-saved",
      target: `content:${path}`,
      details: { revision: saved.revisions[i], order, moved: direction },
    });
  return { moved: true, name: grid[from]!.name, live: saved.live };
}

/** The people staff removed from a board, with the name each had, for their history (where they can be restored). */
export async function removedPeople(store: ContentStore, board: BoardKey) {
  const removed = await store.deleted(`team/${board}/`);
  return removed.map(({ path, source }) => ({ path, name: String(splitFile(source).frontMatter.get("name") ?? path) }));
}
