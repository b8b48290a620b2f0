import { data } from "react-router";
import type { Route } from "./+types/team.director.$id";
import { TeamMemberView } from "~/components/TeamMemberView";
import { NotFoundView } from "~/components/ui/NotFoundView";
import { directorById } from "~/content/content.server";
import { picture } from "~/lib/images.server";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  const member = directorById(params.id);
  if (!member) return data({ found: false as const }, { status: 404 });
  return { found: true as const, member, portrait: picture(`team/directors/${member.id}`, `Portrait of ${member.name}`) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData.found)
    return pageMeta({
      title: "Director Not Found",
      description: "Director Not Found",
      path: "/team/board-of-directors",
      root: root,
      noindex: true,
    });
  const m = loaderData.member;
  return pageMeta({
    title: `${m.name}, ${m.title}`,
    description: `${m.name}, ${m.title} of ${root?.siteName ?? "the alliance"}.`,
    path: `/team/director/${m.id}`,
    root: root,
    type: "profile",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: m.name,
      jobTitle: m.title,
      worksFor: { "@type": "Organization", name: root?.siteName },
    },
  });
}

export default function TeamMemberPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <NotFoundView title="Director Not Found" backHref="/team/board-of-directors" backLabel="Back to Board of Directors" />;
  }
  return <TeamMemberView member={loaderData.member} portrait={loaderData.portrait} back={null} />;
}
