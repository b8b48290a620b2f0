import type { Route } from "./+types/team.board-of-advisors";
import { TeamGrid } from "~/components/TeamGrid";
import { PageHeader } from "~/components/ui/PageHeader";
import { content } from "~/content/content.server";
import { picture } from "~/lib/images.server";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader() {
  return {
    members: content.advisors
      .filter((m) => m.listed)
      .map((m) => ({ id: m.id, name: m.name, title: m.title, portrait: picture(`team/advisors/${m.id}`, `Portrait of ${m.name}`) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({
    title: "Board of Advisors",
    description: "The board of advisors of our alliance of persecuted communities.",
    path: "/team/board-of-advisors",
    root: root,
  });
}

export default function Board({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Our Team" title="Board of Advisors" />
      <TeamGrid members={loaderData.members} hrefBase="/team/advisor" />
    </>
  );
}
