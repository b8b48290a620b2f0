/** The site's content, parsed and validated once when the server starts. */
import { buildSiteContent } from "./collections.server";

const rawFiles = import.meta.glob(["./**/*.md", "./**/*.yaml"], { query: "?raw", import: "default", eager: true }) as Record<
  string,
  string
>;

export const content = buildSiteContent(
  Object.fromEntries(Object.entries(rawFiles).map(([path, raw]) => [path.replace(/^\.\//, ""), raw])),
);

export const communityBySlug = (slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (section: string | undefined) => content.ideology.find((a) => a.section === section);

export type { LegalPage } from "./catalog";
export type { ImageFields, Source } from "./schemas";
