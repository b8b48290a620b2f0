import type { SiteContent } from "~/content/collections.server";

/** What the header, navigation and footer need on every page, from the request's edition of the content. */
export function layoutData({ site, communities, ideology }: SiteContent) {
  return {
    organization: site.organization.name,
    email: site.email.address,
    copyrightYear: site.copyrightYear,
    social: site.social.links,
    communities: communities.map((c) => ({ slug: c.slug, label: c.menuLabel })),
    ideology: ideology.map((a) => ({ section: a.section, label: a.title })),
  };
}

export type LayoutData = ReturnType<typeof layoutData>;
