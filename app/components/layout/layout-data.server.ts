import type { SiteContent } from "~/content/collections.server";
import type { ContentSnapshot } from "~/content/snapshot.server";
import { inPageLanguage as inLanguageOf } from "~/content/page-languages.server";
import { SOURCE_LANGUAGE } from "~/i18n/languages";

/**
 * What the header, navigation and footer need on every page, from the request's edition of the content. Each
 * menu title says whether it is in the page's language: English, or a published translation.
 */
export function layoutData(
  content: SiteContent & Partial<Pick<ContentSnapshot, "language" | "translations">>,
  pageLanguage: string = SOURCE_LANGUAGE,
) {
  const { site, communities, ideology } = content;
  const inPageLanguage = inLanguageOf(content, pageLanguage);
  return {
    organization: site.organization.name,
    email: site.email.address,
    copyrightYear: site.copyrightYear,
    social: site.social.links,
    communities: communities.map((c) => ({ slug: c.slug, label: c.menuLabel, inPageLanguage: inPageLanguage(`communities/${c.slug}.md`) })),
    ideology: ideology.map((a) => ({ section: a.section, label: a.title, inPageLanguage: inPageLanguage(`ideology/${a.section}.md`) })),
  };
}

export type LayoutData = ReturnType<typeof layoutData>;
