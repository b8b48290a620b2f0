import type { LayoutData } from "./layout-data.server";

export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavGroup {
  id: string;
  label: string;
  items: NavLinkItem[];
}

/** The navigation of SPEC §2, shared by the desktop bar and the phone drawer. */
export function navModel(data: Pick<LayoutData, "communities" | "ideology">) {
  const groups: NavGroup[] = [
    {
      id: "team",
      label: "Our Team",
      items: [
        { label: "Board of Directors", to: "/team/board-of-directors" },
        { label: "Board of Advisors", to: "/team/board-of-advisors" },
      ],
    },
    {
      id: "communities",
      label: "Common Bond Communities",
      items: [
        { label: "All communities", to: "/communities" },
        ...data.communities.map((c) => ({ label: c.label, to: `/communities/${c.slug}` })),
      ],
    },
    {
      id: "ideology",
      label: "Same Ideology, Same Playbook",
      items: data.ideology.map((a) => ({ label: a.label, to: `/ideology/${a.section}` })),
    },
  ];
  return {
    before: [
      { label: "Home", to: "/" },
      { label: "About", to: "/about" },
    ] satisfies NavLinkItem[],
    groups,
    after: [
      { label: "Contact", to: "/contact" },
      { label: "Join Us", to: "/join-us" },
    ] satisfies NavLinkItem[],
    donate: { label: "DONATE", to: "/donate" } satisfies NavLinkItem,
  };
}

export const isCurrent = (pathname: string, to: string) => pathname === to || (to !== "/" && pathname === `${to}/`);
