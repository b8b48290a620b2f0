import { href, Link } from "react-router";
import type { Route } from "./+types/site-people";
import { BackLink, StaffTable } from "~/components/staff/Controls";
import { BOARDS } from "~/components/team/boards";
import { content } from "~/content/content.server";
import { boardsOf } from "~/content/people.server";

export const meta = () => [{ title: "Boards · Site · Staff area" }];

export const loader = () => ({ boards: boardsOf(content) });

export default function People({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <BackLink to={href("/admin/site")}>Site</BackLink>
      <h1 className="mt-2 font-serif text-3xl font-bold text-navy-900">Boards</h1>
      <p className="mt-2 max-w-3xl">
        The people on the two boards, in the order their grids show them. Officers not shown on the grid are listed too.
      </p>
      {loaderData.boards.map(({ board, members }) => (
        <div key={board} className="mt-6">
          <h2 className="font-serif text-2xl font-bold text-navy-900">{BOARDS[board].title}</h2>
          <StaffTable caption={BOARDS[board].title} headers={["Name", "Title", "Order", "On the grid"]}>
            {members.map((m) => (
              <tr key={m.id} className="border-b border-sand-200">
                <td className="p-3">
                  <Link to={href("/admin/site/people/:board/:id", { board, id: m.id })} className="underline">
                    {m.name}
                  </Link>
                  {m.placeholder ? <span className="ms-2 text-sand-700">(stand-in)</span> : null}
                </td>
                <td className="p-3">{m.title}</td>
                <td className="p-3">{m.order}</td>
                <td className="p-3">{m.listed ? "Yes" : "No (officer)"}</td>
              </tr>
            ))}
          </StaffTable>
        </div>
      ))}
    </>
  );
}
