/** The site's content, parsed and validated once when the server starts. */
import { fileURLToPath } from "node:url";
import { buildSiteContent } from "./collections.server";
import { readContentFiles } from "./read-files.server";

/**
 * Vite bundles the files into the server build, so production reads none from disk. The command-line tools
 * run under tsx, without Vite (`import.meta.env` is Vite's): they read the same files from this folder.
 */
const rawFiles = import.meta.env
  ? Object.fromEntries(
      Object.entries(
        import.meta.glob(["./**/*.md", "./**/*.yaml"], { query: "?raw", import: "default", eager: true }) as Record<string, string>,
      ).map(([path, raw]) => [path.replace(/^\.\//, ""), raw]),
    )
  : readContentFiles(fileURLToPath(new URL(".", import.meta.url)));

export const content = buildSiteContent(rawFiles);

export const communityBySlug = (slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (section: string | undefined) => content.ideology.find((a) => a.section === section);

export type { LegalPage } from "./catalog";
export type { ImageFields, Source } from "./schemas";
