import type { Route } from "./+types/team.board-of-directors";
import { TeamGrid } from "~/components/TeamGrid";
import { PageHeader } from "~/components/ui/PageHeader";
import { content } from "~/content/content.server";
import { picture } from "~/lib/images.server";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader() {
  return {
    members: content.directors
      .filter((m) => m.listed)
      .map((m) => ({ id: m.id, name: m.name, title: m.title, portrait: picture(`team/directors/${m.id}`, `Portrait of ${m.name}`) })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  return pageMeta({
    title: "Board of Directors",
    description: "The board of directors of our alliance of persecuted communities.",
    path: "/team/board-of-directors",
    root: root,
  });
}

export default function Board({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Our Team" title="Board of Directors" />
      <TeamGrid members={loaderData.members} hrefBase="/team/director" />
    </>
  );
}
