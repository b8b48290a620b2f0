import { href } from "react-router";
import type { MessageKey } from "~/i18n/text";
import type { LayoutData } from "./layout-data.server";

export interface NavLinkItem {
  label: string;
  to: string;
  /** "en" for a label taken from English content on a page in another language, so it is read in English. */
  lang?: "en";
}
export interface NavGroup {
  id: string;
  label: string;
  items: NavLinkItem[];
}

/**
 * The navigation (docs/product.md, "Header and navigation"), shared by the desktop bar and the phone drawer,
 * in the page's language: `t` gives the labels, `local` the addresses.
 */
export function navModel(
  data: Pick<LayoutData, "communities" | "ideology">,
  t: (key: MessageKey) => string,
  local: (path: string) => string,
) {
  // A title from English content on a page in another language is read in English.
  const lang = (item: { inPageLanguage: boolean }) => (item.inPageLanguage ? undefined : ("en" as const));
  const groups: NavGroup[] = [
    {
      id: "team",
      label: t("nav.team"),
      items: [
        { label: t("nav.boardOfDirectors"), to: local(href("/team/board-of-directors")) },
        { label: t("nav.boardOfAdvisors"), to: local(href("/team/board-of-advisors")) },
      ],
    },
    {
      id: "communities",
      label: t("nav.communities"),
      items: [
        { label: t("nav.allCommunities"), to: local(href("/communities")) },
        ...data.communities.map((c) => ({
          label: c.label,
          lang: lang(c),
          to: local(href("/communities/:community", { community: c.slug })),
        })),
      ],
    },
    {
      id: "ideology",
      label: t("nav.ideology"),
      items: data.ideology.map((a) => ({ label: a.label, lang: lang(a), to: local(href("/ideology/:section", { section: a.section })) })),
    },
  ];
  return {
    before: [
      { label: t("nav.home"), to: local(href("/")) },
      { label: t("nav.about"), to: local(href("/about")) },
    ] satisfies NavLinkItem[],
    groups,
    after: [
      { label: t("nav.contact"), to: local(href("/contact")) },
      { label: t("nav.joinUs"), to: local(href("/join-us")) },
    ] satisfies NavLinkItem[],
    donate: { label: t("nav.donate"), to: local(href("/donate")) } satisfies NavLinkItem,
  };
}

export const isCurrent = (pathname: string, to: string) => pathname === to || (to !== "/" && pathname === `${to}/`);
