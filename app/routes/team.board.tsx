// The Board of Directors and the Board of Advisors: one page, told apart by its URL (see boards.ts).
import type { Route } from "./+types/team.board";
import { BOARDS, boardOf } from "~/components/team/boards";
import { TeamGrid } from "~/components/team/TeamGrid";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";

import { pageMeta, rootMeta } from "~/lib/seo";

export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const board = boardOf(new URL(request.url).pathname);
  return {
    board: board.key,
    members: content[board.key]
      .filter((m) => m.listed)
      .map((m) => ({
        id: m.id,
        name: m.name,
        title: m.title,
        portrait: content.pictures.picture(`team/${board.key}/${m.id}`, `Portrait of ${m.name}`, { ...m.portrait, kind: "portrait" }),
      })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const board = BOARDS[loaderData.board];
  return pageMeta({ title: board.title, description: board.description, path: board.path, root: rootMeta(matches) });
}

export default function Board({ loaderData: { members, ...loaderData } }: Route.ComponentProps) {
  const board = BOARDS[loaderData.board];
  return (
    <>
      <PageHeader eyebrow="Our Team" title={board.title} />
      <TeamGrid members={members} memberPath={board.memberPath} />
    </>
  );
}
