// A director's or an advisor's page, told apart by its URL (see boards.ts).
import type { Route } from "./+types/team.member";
import { BOARDS, boardOf } from "~/components/team/boards";
import { ROLE_TEXT } from "~/content/team-words";
import { TeamMemberView } from "~/components/team/TeamMemberView";
import { errorBoundary, notFoundMeta } from "~/components/ui/ErrorViews";
import { notFound } from "~/lib/responses";
import { appContext } from "~/context.server";

import { pageMeta, rootMeta } from "~/lib/seo";
import { metaText } from "~/i18n/meta-text";

export function loader({ context, params, request }: Route.LoaderArgs) {
  const { content } = context.get(appContext);
  const board = boardOf(new URL(request.url).pathname);
  const member = content[board.key].find((m) => m.id === params.id);
  if (!member) notFound();
  return {
    board: board.key,
    member,
    // Its alternative text ("Portrait of …") is the page's to say, in its language (TeamMemberView).
    portrait: content.pictures.picture(`team/${board.key}/${member.id}`, "", { ...member.portrait, kind: "portrait" }),
  };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData) return notFoundMeta(boardOf(location.pathname).notFound, matches);
  const { member: m } = loaderData;
  const board = BOARDS[loaderData.board];
  const t = metaText(matches);
  const role = t(ROLE_TEXT[m.title]);
  return pageMeta({
    title: `${m.name}, ${role}`,
    description: t("team.memberDescription", {
      name: m.name,
      title: role,
      organization: root?.siteName ?? "the alliance",
    }),
    path: board.memberPath(m.id),
    root: root,
    type: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: m.name,
      jobTitle: role,
      worksFor: { "@type": "Organization", name: root?.siteName },
    },
  });
}

export const ErrorBoundary = errorBoundary({ notFound: (pathname) => boardOf(pathname).notFound });

export default function TeamMemberPage({ loaderData: { member, portrait, board } }: Route.ComponentProps) {
  return <TeamMemberView member={member} portrait={portrait} back={BOARDS[board].back} />;
}
