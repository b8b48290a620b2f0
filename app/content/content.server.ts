/**
 * The files under app/content/, the content's first edition, and the site built from documents. Once the
 * server has started, what visitors read is built from the documents staff keep in the database
 * (store.server.ts), one edition per content version (snapshot.server.ts).
 */
import { fileURLToPath } from "node:url";
import type { ImageKind } from "~/lib/image-upload.server";
import type { ImageReference } from "~/lib/media.server";
import { buildSiteContent, type ParsedParts, type SiteContent } from "./collections.server";
import { readContentFiles } from "./read-files.server";

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
export const siteContentFrom = (documents: Record<string, string>, parts?: ParsedParts): SiteContent =>
  buildSiteContent({ ...documents, "news.yaml": contentFiles["news.yaml"]! }, parts);

const firstEditions = new Map<"files", SiteContent>();
/** The site as the files under app/content/ make it, news.yaml's seed included: built once, at first use. */
export function firstEdition(): SiteContent {
  const kept = firstEditions.get("files");
  if (kept) return kept;
  const built = buildSiteContent(contentFiles);
  firstEditions.set("files", built);
  return built;
}

/** Every place the content shows an uploaded photograph, and the shape of frame it is cut to there. */
export function uploadedImagesOf(site: SiteContent): (ImageReference & { kind: ImageKind })[] {
  const refs: (Partial<ImageReference> & { kind: ImageKind })[] = [
    ...site.communities.map((c) => ({ ...c.image, kind: "hero" as const })),
    ...site.ideology.map((a) => ({ ...a.image, kind: "hero" as const })),
    ...[...site.directors, ...site.advisors].map((m) => ({ ...m.portrait, kind: "portrait" as const })),
    ...site.partners.map((p) => ({ upload: p.logo, kind: "logo" as const })),
    ...site.home.slides.map((s) => ({ upload: s.upload, position: s.position, kind: "slide" as const })),
    { ...site.site.socialImage, kind: "social" as const },
  ];
  return refs
    .filter((r): r is ImageReference & { kind: ImageKind } => Boolean(r.upload))
    .map(({ upload, position, kind }) => ({ upload, position, kind }));
}

export type { LegalPage } from "./catalog";
export type { ImageFields, Source } from "./schemas";
