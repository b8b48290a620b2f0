import { data } from "react-router";
import type { Route } from "./+types/team.advisor.$id";
import { TeamMemberView } from "~/components/TeamMemberView";
import { NotFoundView } from "~/components/ui/NotFoundView";
import { advisorById } from "~/content/content.server";
import { picture } from "~/lib/images.server";
import { pageMeta, rootMeta } from "~/lib/seo";

export function loader({ params }: Route.LoaderArgs) {
  const member = advisorById(params.id);
  if (!member) return data({ found: false as const }, { status: 404 });
  return { found: true as const, member, portrait: picture(`team/advisors/${member.id}`, `Portrait of ${member.name}`) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaderData.found)
    return pageMeta({
      title: "Advisor Not Found",
      description: "Advisor Not Found",
      path: "/team/board-of-advisors",
      root: root,
      noindex: true,
    });
  const m = loaderData.member;
  return pageMeta({
    title: `${m.name}, ${m.title}`,
    description: `${m.name}, ${m.title} of ${root?.siteName ?? "the alliance"}.`,
    path: `/team/advisor/${m.id}`,
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
    return (
      <NotFoundView
        title="Advisor Not Found"
        text="The advisor you're looking for doesn't exist."
        backHref="/team/board-of-advisors"
        backLabel="Back to Board of Advisors"
      />
    );
  }
  return (
    <TeamMemberView
      member={loaderData.member}
      portrait={loaderData.portrait}
      back={{ href: "/team/board-of-advisors", label: "Back to Board of Advisors" }}
    />
  );
}
