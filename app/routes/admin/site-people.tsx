import { useText } from "~/i18n/text";
import { data, Form, href, Link, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/site-people";
import { ActionNotice, BackLink, NotSavedNotice, StaffTable } from "~/components/staff/Controls";
import { Notice } from "~/components/staff/StaffShell";
import { historyOf } from "~/content/editors";
import { TextField } from "~/components/forms/fields";
import { BOARDS } from "~/components/team/boards";
import { addPerson, boardsOf, isBoard, movePerson, removedPeople } from "~/content/boards.server";
import { TEAM_TITLES } from "~/content/schemas";
import { appContext } from "~/context.server";
import { changeNotice, notLiveQuery } from "~/lib/published";
import type { FieldErrors } from "~/lib/validation";
import { actorOf, staffUser } from "~/staff/session.server";

export const meta = () => [{ title: "Boards · Site · Staff area" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { contentStore, content } = context.get(appContext);
  const boards = await Promise.all(boardsOf(content).map(async (b) => ({ ...b, removed: await removedPeople(contentStore, b.board) })));
  return { boards, titles: TEAM_TITLES };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submitted = await request.formData();
  const board = String(submitted.get("board") ?? "");
  if (!isBoard(board)) return data({ board: "", errors: { form: ["Choose a board."] } as FieldErrors, form: null }, { status: 400 });
  const { contentStore, database } = context.get(appContext);
  const direction = submitted.get("move");
  if (direction === "up" || direction === "down") {
    const target = { board, id: String(submitted.get("id") ?? "") };
    const result = await movePerson(contentStore, database.db, actorOf(staffUser(context)), target, direction);
    if ("error" in result) return data({ board: "", errors: {} as FieldErrors, form: null, moveError: result.error }, { status: 409 });
    throw redirect(
      `${href("/admin/site/people")}?${new URLSearchParams({ moved: result.name, direction, ...notLiveQuery(result) })}#${board}`,
    );
  }
  // Each board's form names its fields after the board, so the page's two forms have ids of their own.
  const field = (name: string) => String(submitted.get(`${board}-${name}`) ?? "").trim();
  const form = { name: field("name"), title: field("title"), biography: field("biography").replace(/\r\n/g, "\n") };
  const result = await addPerson(contentStore, database.db, actorOf(staffUser(context)), board, form);
  if (result.kind === "added")
    throw redirect(
      `${href("/admin/site/people/:board/:id", { board, id: result.id })}?${new URLSearchParams({ added: "1", ...notLiveQuery(result) })}`,
    );
  return data({ board, errors: result.errors, form }, { status: 400 });
}

type Board = Route.ComponentProps["loaderData"]["boards"][number];
type Answer = Route.ComponentProps["actionData"];

/** What the last move, removal or addition came to. */
function BoardNotices({ actionData }: { actionData: Answer }) {
  const [params] = useSearchParams();
  const removed = params.get("removed");
  const moved = params.get("moved");
  const removedNotice = removed ? changeNotice(params, `${removed} was removed from the site`) : null;
  return (
    <>
      <ActionNotice
        result={
          actionData && "moveError" in actionData
            ? { error: actionData.moveError }
            : moved && !actionData
              ? changeNotice(
                  params,
                  `${moved} moved ${params.get("direction") === "up" ? "up" : "down"}`,
                  "Visitors see the new order now.",
                )
              : undefined
        }
      />
      {removedNotice ? (
        <div className="mt-4">
          <Notice kind={"error" in removedNotice ? "error" : "ok"}>
            {"error" in removedNotice ? removedNotice.error : `${removed} was removed from the site.`}{" "}
            <Link to={historyOf(params.get("path") ?? "")} className="underline">
              Their history
            </Link>{" "}
            keeps every version, and can restore them.
          </Notice>
        </div>
      ) : null}
    </>
  );
}

/** One board as its grid shows it, a row each, with buttons that move a person one place (saved at once). */
function BoardTable({ board, members }: Pick<Board, "board" | "members">) {
  const { t } = useText();
  const grid = members.filter((m) => m.listed);
  return (
    <StaffTable caption={t(BOARDS[board].title)} headers={["Name", "Title", "Place on the grid", "Move"]}>
      {members.map((m) => {
        const place = grid.indexOf(m);
        return (
          <tr key={m.id} className="border-b border-sand-200">
            <td className="p-3">
              <Link to={href("/admin/site/people/:board/:id", { board, id: m.id })} className="underline">
                {m.name}
              </Link>
              {m.placeholder ? <span className="ms-2 text-sand-700">(stand-in)</span> : null}
            </td>
            <td className="p-3">{m.title}</td>
            <td className="p-3">{m.listed ? place + 1 : "Not shown (officer)"}</td>
            <td className="p-3">
              {/* A plain form a row: each button moves this person one place, saved at once. */}
              {m.listed ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="board" value={board} />
                  <input type="hidden" name="id" value={m.id} />
                  {place > 0 ? (
                    <button type="submit" name="move" value="up" className="btn-secondary text-navy-900">
                      Move up<span className="sr-only">: {m.name}</span>
                    </button>
                  ) : null}
                  {place < grid.length - 1 ? (
                    <button type="submit" name="move" value="down" className="btn-secondary text-navy-900">
                      Move down<span className="sr-only">: {m.name}</span>
                    </button>
                  ) : null}
                </Form>
              ) : null}
            </td>
          </tr>
        );
      })}
    </StaffTable>
  );
}

/** Those removed from a board, each linked to the history that can restore them. */
function RemovedFromBoard({ board, removed }: Pick<Board, "board" | "removed">) {
  const { t } = useText();
  if (!removed.length) return null;
  return (
    <section aria-labelledby={`${board}-removed`} className="mt-3">
      <h3 id={`${board}-removed`} className="font-semibold text-navy-900">
        Removed from the {t(BOARDS[board].title)}
      </h3>
      <p className="text-sm text-sand-700">Their history keeps every version; restoring one puts them back on the site.</p>
      <ul className="mt-1 list-disc ps-6">
        {removed.map((r) => (
          <li key={r.path}>
            <Link to={historyOf(r.path)} className="underline">
              {r.name}
              <span className="sr-only">: history and restore</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Adding a person at the end of a board's grid: a native disclosure, open by itself when what was typed needs fixing. */
function AddPerson({ board, titles, actionData }: { board: Board["board"]; titles: readonly string[]; actionData: Answer }) {
  const { t } = useText();
  const mine = actionData?.board === board ? actionData : undefined;
  return (
    <details open={Boolean(mine)} className="mt-3 max-w-2xl rounded-lg bg-white p-4 shadow-sm">
      <summary className="cursor-pointer font-semibold text-navy-900">Add a person to the {t(BOARDS[board].title)}</summary>
      {mine ? <NotSavedNotice reason={mine.errors.form?.join(" ")} /> : null}
      <Form method="post" noValidate className="mt-4 space-y-4">
        <input type="hidden" name="board" value={board} />
        <TextField name={`${board}-name`} label="Name" required errors={mine?.errors.name} defaultValue={mine?.form?.name} />
        <div>
          <label htmlFor={`${board}-title`} className="block font-semibold text-navy-900">
            Title
          </label>
          <select
            id={`${board}-title`}
            name={`${board}-title`}
            defaultValue={mine?.form?.title ?? (board === "advisors" ? "Advisor" : "Director")}
            className="mt-1 w-full rounded border border-sand-300 p-2"
          >
            {titles.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <TextField
          name={`${board}-biography`}
          label="Biography"
          multiline
          rows={6}
          hint="Markdown: a blank line starts a paragraph. A drawn stand-in shows until a portrait is uploaded in their editor."
          required
          errors={mine?.errors.biography}
          defaultValue={mine?.form?.biography}
        />
        <button type="submit" className="btn-primary">
          Add to the {t(BOARDS[board].title)}
        </button>
      </Form>
    </details>
  );
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useText();
  return (
    <>
      <BackLink to={href("/admin/site")}>Site</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">Boards</h1>
      <p className="mt-2 max-w-3xl">
        The people on the two boards, in the order their grids show them: move someone up or down to change it. Officers not shown on the
        grid are listed too.
      </p>
      <BoardNotices actionData={actionData} />
      {loaderData.boards.map(({ board, members, removed }) => (
        <div key={board} id={board} className="mt-6">
          <h2 className="font-serif text-2xl font-bold text-navy-900">{t(BOARDS[board].title)}</h2>
          <BoardTable board={board} members={members} />
          <RemovedFromBoard board={board} removed={removed} />
          <AddPerson board={board} titles={loaderData.titles} actionData={actionData} />
        </div>
      ))}
    </>
  );
}
