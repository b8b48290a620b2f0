// The Board of Directors and the Board of Advisors: one page, told apart by its URL (see boards.ts).
import type { Route } from "./+types/team.board";
import { BOARDS, boardOf } from "~/components/team/boards";
import { TeamGrid } from "~/components/team/TeamGrid";
import { PageHeader } from "~/components/ui/PageHeader";
import { appContext } from "~/context.server";
import { useText } from "~/i18n/text";
import { languageOfPath } from "~/i18n/languages";
import { inPageLanguage } from "~/content/page-languages.server";

import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";

/** The page is in every language (its words are the interface's); each member in their own, English until translated. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const { pathname } = new URL(request.url);
  const board = boardOf(pathname);
  const translated = inPageLanguage(content, languageOfPath(pathname).language);
  return {
    board: board.key,
    members: content[board.key]
      .filter((m) => m.listed)
      .map((m) => ({
        id: m.id,
        name: m.name,
        title: m.title,
        english: !translated(`team/${board.key}/${m.id}.md`),
        // Its alternative text ("Portrait of …") is the page's to say, in its language (TeamGrid).
        portrait: content.pictures.picture(`team/${board.key}/${m.id}`, "", { ...m.portrait, kind: "portrait" }),
      })),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const board = BOARDS[loaderData.board];
  const t = metaText(matches);
  return pageMeta({ title: t(board.title), description: t(board.description), path: board.path, root: rootMeta(matches) });
}

export default function Board({ loaderData: { members, ...loaderData } }: Route.ComponentProps) {
  const board = BOARDS[loaderData.board];
  const { t, local } = useText();
  return (
    <>
      <PageHeader eyebrow={t("nav.team")} title={t(board.title)} />
      <TeamGrid members={members} memberPath={(id) => local(board.memberPath(id))} />
    </>
  );
}
