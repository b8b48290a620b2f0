/**
 * The boards as staff arrange them (the staff area's Site section, "Boards"): who is on each, adding a person
 * at the end of a grid, moving one up or down it, and those removed, with their history. A person's own
 * page is edited by the one Site editor (editing.server.ts).
 */
import { Document } from "yaml";
import type { Published } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { audit, type Actor } from "~/staff/audit.server";
import type { SiteContent } from "./collections.server";
import { documentErrors } from "./editing.server";
import { joinFile, splitFile } from "./front-matter.server";
import { idCandidates } from "./ids";
import { ContentError } from "./parse";
import type { ContentStore } from "./store.server";

export const BOARD_KEYS = ["directors", "advisors"] as const;
export type BoardKey = (typeof BOARD_KEYS)[number];
export const isBoard = (value: string | undefined): value is BoardKey => BOARD_KEYS.includes(value as BoardKey);

const pathOf = (board: BoardKey, id: string) => `team/${board}/${id}.md`;

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

/** The add form's fields: a name, a title and a biography. */
export interface NewPerson {
  name: string;
  title: string;
  biography: string;
}

/** Adds a person at the end of the board's grid, checked as their editor checks them. */
export async function addPerson(
  store: ContentStore,
  db: Parameters<typeof audit>[0],
  actor: Actor,
  board: BoardKey,
  person: NewPerson,
): Promise<AddPersonResult> {
  const order = Math.max(0, ...store.siteWith()[board].map((m) => m.order)) + 1;
  const source = joinFile(new Document({ name: person.name, title: person.title, order }), person.biography);
  const { name, title } = documentErrors(pathOf(board, "new"), source);
  const errors: FieldErrors = {
    ...(name ? { name } : {}),
    ...(title ? { title } : {}),
    ...(person.biography ? {} : { biography: ["Write a biography: a sentence or two at least"] }),
  };
  if (Object.keys(errors).length) return { kind: "invalid", errors };
  const id = await newPersonId(store, board, person.name);
  const path = pathOf(board, id);
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
