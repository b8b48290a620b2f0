/**
 * One edition of the content, as every request reads it: the site built from the documents of one content
 * version, and the variants of every photograph it shows. Immutable: the publishing step
 * (server/publishing.ts) builds the next one beside it and swaps it in whole, and each request holds the one
 * it started with (its context's `content`), so an answer never mixes two editions.
 */
import type { InterfaceCorrections } from "~/i18n/interface-text.server";
import { createPictures, type Pictures } from "~/lib/images.server";
import type { MediaStore } from "~/lib/media.server";
import { isLanguageCode, SOURCE_LANGUAGE, type LanguageCode } from "~/i18n/languages";
import { parsedParts, type SiteContent } from "./collections.server";
import { contentFiles, siteContentFrom, uploadedImagesOf } from "./content.server";
import { kindOf } from "./document-kinds.server";
import { ContentError } from "./parse";
import { isContentDocument, type ContentStore, type Edition } from "./store.server";
import { parseTranslation, translatedSource } from "./translations.server";
import type { PublishedTranslation } from "./translation-store.server";

/** What a visitor is told about a page's translation: when it was reviewed, and whether the English has changed since. */
export interface TranslationMark {
  reviewedAt: string;
  outdated: boolean;
}

export interface ContentSnapshot extends SiteContent {
  /** The content version it was built from (db/content-version.server.ts). */
  readonly version: string;
  /** The documents' text it was built from, by path: what a save checks its change against. */
  readonly documents: Readonly<Record<string, string>>;
  /** Its pictures, uploaded photographs in place of the drawn ones where staff gave one. */
  readonly pictures: Pictures;
  /** The language its words are in where translated; English elsewhere. */
  readonly language: LanguageCode;
  /** The documents published in its language, by path (none in English). */
  readonly translations: Readonly<Record<string, TranslationMark>>;
  /** The edition in every language that has a translation published; the others read the English (`inLanguage`). */
  readonly languages: Readonly<Partial<Record<LanguageCode, ContentSnapshot>>>;
  /** The documents by the English address of the page that shows each (the settings, shown everywhere, have none). */
  readonly pageDocuments: ReadonlyMap<string, string>;
  /** The languages each document is published in, by path. */
  readonly publishedIn: Readonly<Record<string, readonly LanguageCode[]>>;
  /** Staff's corrections of the interface text, read with the documents (`interfaceText(language, corrections)`). */
  readonly interfaceCorrections: InterfaceCorrections;
}

/** Each document by the address of the page that shows it. */
function pageDocumentsOf(documents: Readonly<Record<string, string>>): Map<string, string> {
  const pages = new Map<string, string>();
  for (const path of Object.keys(documents)) {
    const found = kindOf(path);
    const address = found?.kind.visitorPath(found.slug);
    if (address) pages.set(address, path);
  }
  return pages;
}

function freezeSnapshot(site: SiteContent, edition: Edition, pictures: Pictures): ContentSnapshot {
  const documents = Object.freeze({ ...edition.documents });
  return Object.freeze({
    ...site,
    version: edition.version,
    documents,
    pictures,
    language: SOURCE_LANGUAGE,
    translations: Object.freeze({}),
    languages: Object.freeze({}),
    pageDocuments: pageDocumentsOf(documents),
    publishedIn: Object.freeze({}),
    interfaceCorrections: edition.interfaceCorrections ?? {},
  });
}

/** The edition in `language`: its own where a translation is published, else the English. */
export const inLanguage = (snapshot: ContentSnapshot, language: LanguageCode): ContentSnapshot => snapshot.languages[language] ?? snapshot;

/**
 * The site in one language: each published translation written over its English document. A translation that
 * breaks a rule of the whole site with the English as it now is (checked when it was published, so rare: an
 * English change since) is left out, and its page is read in English, rather than keeping the whole edition
 * from being published.
 */
function translatedSite(
  assemble: (documents: Record<string, string>) => SiteContent,
  english: Readonly<Record<string, string>>,
  translations: PublishedTranslation[],
): { site: SiteContent; published: PublishedTranslation[] } {
  let kept = translations.filter((t) => english[t.path] !== undefined && kindOf(t.path));
  for (;;) {
    const documents = { ...english };
    for (const t of kept) documents[t.path] = translatedSource(kindOf(t.path)!.kind, english[t.path]!, parseTranslation(t.source));
    try {
      return { site: assemble(documents), published: kept };
    } catch (err) {
      const broken = err instanceof ContentError ? kept.find((t) => t.path === err.file) : undefined;
      if (!broken) throw err;
      kept = kept.filter((t) => t !== broken);
    }
  }
}

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
      const english = freezeSnapshot(site, read, pictures);
      const byLanguage = new Map<string, PublishedTranslation[]>();
      for (const t of read.publishedTranslations ?? []) byLanguage.set(t.language, [...(byLanguage.get(t.language) ?? []), t]);
      const languages: Partial<Record<LanguageCode, ContentSnapshot>> = {};
      const publishedIn: Record<string, LanguageCode[]> = {};
      for (const [language, translations] of byLanguage) {
        if (!isLanguageCode(language) || language === SOURCE_LANGUAGE) continue;
        const { site: translated, published } = translatedSite(assemble, read.documents, translations);
        for (const t of published) (publishedIn[t.path] ??= []).push(language);
        languages[language] = {
          ...translated,
          version: english.version,
          documents: english.documents,
          pictures,
          language,
          translations: Object.freeze(
            Object.fromEntries(published.map((t) => [t.path, { reviewedAt: t.reviewedAt, outdated: t.outdated }])),
          ),
          // Every edition of one version shares these, frozen below once all are made.
          languages,
          pageDocuments: english.pageDocuments,
          publishedIn,
          interfaceCorrections: english.interfaceCorrections,
        };
      }
      const all = { ...english, languages, publishedIn };
      languages[SOURCE_LANGUAGE] = all;
      for (const edition of Object.values(languages)) Object.freeze(edition);
      Object.freeze(languages);
      Object.freeze(publishedIn);
      return all;
    },
  };
}

export type SnapshotBuilder = ReturnType<typeof createSnapshotBuilder>;

export const communityBySlug = (content: SiteContent, slug: string | undefined) => content.communities.find((c) => c.slug === slug);
export const ideologyBySection = (content: SiteContent, section: string | undefined) => content.ideology.find((a) => a.section === section);
