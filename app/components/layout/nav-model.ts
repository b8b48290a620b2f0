import { href } from "react-router";
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

/** The navigation (docs/product.md, "Header and navigation"), shared by the desktop bar and the phone drawer. */
export function navModel(data: Pick<LayoutData, "communities" | "ideology">) {
  const groups: NavGroup[] = [
    {
      id: "team",
      label: "Our Team",
      items: [
        { label: "Board of Directors", to: href("/team/board-of-directors") },
        { label: "Board of Advisors", to: href("/team/board-of-advisors") },
      ],
    },
    {
      id: "communities",
      label: "Common Bond Communities",
      items: [
        { label: "All communities", to: href("/communities") },
        ...data.communities.map((c) => ({ label: c.label, to: href("/communities/:community", { community: c.slug }) })),
      ],
    },
    {
      id: "ideology",
      label: "Same Ideology, Same Playbook",
      items: data.ideology.map((a) => ({ label: a.label, to: href("/ideology/:section", { section: a.section }) })),
    },
  ];
  return {
    before: [
      { label: "Home", to: href("/") },
      { label: "About", to: href("/about") },
    ] satisfies NavLinkItem[],
    groups,
    after: [
      { label: "Contact", to: href("/contact") },
      { label: "Join Us", to: href("/join-us") },
    ] satisfies NavLinkItem[],
    donate: { label: "DONATE", to: href("/donate") } satisfies NavLinkItem,
  };
}

export const isCurrent = (pathname: string, to: string) => pathname === to || (to !== "/" && pathname === `${to}/`);
