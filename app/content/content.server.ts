/**
 * The site's content as every page reads it. The files under app/content/ are its first edition; once the
 * server has started, the content is built from the documents staff keep in the database (store.server.ts),
 * and rebuilt after every change, on this instance or another.
 */
import { fileURLToPath } from "node:url";
import type { ContentVersion } from "../../db/content-version.server";
import { buildSiteContent, type SiteContent } from "./collections.server";
import { readContentFiles } from "./read-files.server";
import type { ContentStore } from "./store.server";

/**
 * Vite bundles the files into the server build, so production reads none from disk. The command-line tools
 * run under tsx, without Vite (`import.meta.env` is Vite's): they read the same files from this folder.
 */
export const contentFiles: Record<string, string> = import.meta.env
  ? Object.fromEntries(
      Object.entries(
        import.meta.glob(["./**/*.md", "./**/*.yaml"], { query: "?raw", import: "default", eager: true }) as Record<string, string>,
      ).map(([path, raw]) => [path.replace(/^\.\//, ""), raw]),
    )
  : readContentFiles(fileURLToPath(new URL(".", import.meta.url)));

/** The site built from the documents staff keep; the news seed stays the first edition's. */
export const siteContentFrom = (documents: Record<string, string>): SiteContent =>
  buildSiteContent({ ...documents, "news.yaml": contentFiles["news.yaml"]! });

/** Read at each use, never kept in a module's own constant: it is replaced whenever the content changes. */
export let content: SiteContent = buildSiteContent(contentFiles);

/**
 * Seeds the documents the database has never seen, serves what the database holds, and rebuilds the content
 * whenever the content version moves. The rebuild runs before the render cache is cleared (listeners run in
 * the order they were added, each awaited), so no page is kept from the content it replaces.
 */
export async function serveContentFrom(store: ContentStore, version: ContentVersion, onError: (err: unknown) => void): Promise<number> {
  const seeded = await store.seed(contentFiles);
  content = siteContentFrom(await store.documents());
  version.onChange(async () => {
    try {
      content = siteContentFrom(await store.documents());
    } catch (err) {
      // Every save was checked, so this is a database that could not be read: keep serving what we have.
      onError(err);
    }
  });
  return seeded;
}

export const communityBySlug = (slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (section: string | undefined) => content.ideology.find((a) => a.section === section);

export type { LegalPage } from "./catalog";
export type { ImageFields, Source } from "./schemas";
