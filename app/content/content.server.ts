/**
 * The site's content as every page reads it. The files under app/content/ are its first edition; once the
 * server has started, the content is built from the documents staff keep in the database (store.server.ts),
 * and rebuilt after every change, on this instance or another.
 */
import { fileURLToPath } from "node:url";
import type { ContentVersion } from "../../db/content-version.server";
import type { ImageKind } from "~/lib/image-upload.server";
import { setUploadedImages } from "~/lib/images.server";
import type { ImageReference, MediaStore } from "~/lib/media.server";
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
export async function serveContentFrom(
  store: ContentStore,
  media: MediaStore,
  version: ContentVersion,
  onError: (err: unknown) => void,
): Promise<number> {
  const seeded = await store.seed(contentFiles);
  const rebuild = async () => {
    const next = siteContentFrom(await store.documents());
    setUploadedImages(await media.lookup(uploadedImagesOf(next)));
    content = next;
  };
  await rebuild();
  version.onChange(async () => {
    try {
      await rebuild();
    } catch (err) {
      // Every save was checked, so this is a database that could not be read: keep serving what we have.
      onError(err);
    }
  });
  return seeded;
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

export const communityBySlug = (slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (section: string | undefined) => content.ideology.find((a) => a.section === section);

export type { LegalPage } from "./catalog";
export type { ImageFields, Source } from "./schemas";
