/**
 * One edition of the content, as every request reads it: the site built from the documents of one content
 * version, and the variants of every photograph it shows. Immutable: the publishing step
 * (server/publishing.ts) builds the next one beside it and swaps it in whole, and each request holds the one
 * it started with (its context's `content`), so an answer never mixes two editions.
 */
import type { InterfaceCorrections } from "~/i18n/interface-text.server";
import { createPictures, type Pictures } from "~/lib/images.server";
import type { MediaStore } from "~/lib/media.server";
import { parsedParts, type SiteContent } from "./collections.server";
import { contentFiles, siteContentFrom, uploadedImagesOf } from "./content.server";
import { isContentDocument, type ContentStore, type Edition } from "./store.server";

export interface ContentSnapshot extends SiteContent {
  /** The content version it was built from (db/content-version.server.ts). */
  readonly version: string;
  /** The documents' text it was built from, by path: what a save checks its change against. */
  readonly documents: Readonly<Record<string, string>>;
  /** Its pictures, uploaded photographs in place of the drawn ones where staff gave one. */
  readonly pictures: Pictures;
  /** Staff's corrections of the interface text, read with the documents (`interfaceText(language, corrections)`). */
  readonly interfaceCorrections: InterfaceCorrections;
}

const freezeSnapshot = (site: SiteContent, edition: Edition, pictures: Pictures): ContentSnapshot =>
  Object.freeze({
    ...site,
    version: edition.version,
    documents: Object.freeze({ ...edition.documents }),
    pictures,
    interfaceCorrections: edition.interfaceCorrections ?? {},
  });

/** The first edition, from the files under app/content/: what commands and a server whose database cannot be read yet serve. */
export function firstEditionSnapshot(): ContentSnapshot {
  const documents = Object.fromEntries(Object.entries(contentFiles).filter(([path]) => isContentDocument(path)));
  return freezeSnapshot(siteContentFrom(documents), { version: "0", documents }, createPictures(new Map()));
}

/**
 * Builds editions from the database. Documents already parsed for an earlier edition (or for a save's check)
 * are not parsed again, so an edition costs what changed in it.
 */
export function createSnapshotBuilder(store: ContentStore, media: MediaStore) {
  const parts = parsedParts();
  /** The site these documents make, every rule checked (a ContentError says which broke): a save's check. */
  const assemble = (documents: Record<string, string>) => siteContentFrom(documents, parts);
  return {
    assemble,
    /** The newest edition in the database, or `edition` when the caller has just read it. */
    async build(edition?: Edition): Promise<ContentSnapshot> {
      const read = edition ?? (await store.edition());
      const site = assemble({ ...read.documents });
      const pictures = createPictures(await media.lookup(uploadedImagesOf(site)));
      return freezeSnapshot(site, read, pictures);
    },
  };
}

export type SnapshotBuilder = ReturnType<typeof createSnapshotBuilder>;

export const communityBySlug = (content: SiteContent, slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (content: SiteContent, section: string | undefined) => content.ideology.find((a) => a.section === section);
