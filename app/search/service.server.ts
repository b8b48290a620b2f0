/**
 * Site search, one service for the whole server: the index kept in step with the content and the news, and
 * the searches visitors run, limited per address. What a person searches for can endanger them: no query
 * is logged, stored or counted; the metrics hear only whether a search found anything.
 */
import type { Database } from "../../db/client.server";
import type { AddressHasher } from "~/lib/address-hash.server";
import type { Limit } from "~/lib/limits.server";
import type { SiteContent } from "~/content/collections.server";
import type { ContentSnapshot } from "~/content/snapshot.server";
import { PREFIXED_LANGUAGES, localPath, type LanguageCode } from "~/i18n/languages";
import { inLanguage, publishedNewsWithCommunities } from "~/news/queries.server";
import { documentPathOfKey, everyLanguageDocuments, newsDocuments, newsKey, PAGE_KINDS, pageDocuments } from "./documents.server";
import { syncSearchIndex } from "./index.server";
import type { SearchAnswer } from "./results";
import { runSearch, type SearchRequest } from "./search.server";

/** The news items an index brings up to date: those a change touched, or every one (at start). */
export type NewsToIndex = { every: true } | { ids: readonly string[] };

export interface SearchServiceOptions {
  /** Searches allowed per address per minute. */
  limit: Limit;
  searched?: (found: boolean) => void;
}

export type SearchOutcome = { ok: true; answer: SearchAnswer } | { ok: false; retryAfter: number };

/**
 * The pages of an edition in `language`, at its addresses: those whose translation is published, and the
 * fixed pages and the lists, whose words are the interface's (in every language, translations or none; the
 * lists name their items in the edition's words). A language with nothing translated builds only these.
 */
function documentsInLanguage(content: SiteContent & Partial<Pick<ContentSnapshot, "languages">>, language: LanguageCode) {
  const edition = content.languages?.[language];
  const translated = edition
    ? pageDocuments(edition, language).filter((doc) => {
        const path = documentPathOfKey(doc.key);
        return path !== null && Object.hasOwn(edition.translations, path);
      })
    : [];
  return [...translated, ...everyLanguageDocuments(edition ?? content, language)].map((doc) => ({
    ...doc,
    href: localPath(language, doc.href),
  }));
}

export function createSearchService(db: Database, options: SearchServiceOptions) {
  /** Each language's pages and news items: the translated ones and the fixed pages. */
  const indexTranslations = async (content: SiteContent & Partial<Pick<ContentSnapshot, "languages">>) => {
    const news = await publishedNewsWithCommunities(db);
    for (const language of PREFIXED_LANGUAGES) {
      const translatedNews = (await inLanguage(db, news, language)).filter((item) => item.language === language);
      const docs = [...documentsInLanguage(content, language), ...newsDocuments(translatedNews, language)];
      await syncSearchIndex(db, docs, { kinds: [...PAGE_KINDS, "news"] }, language);
    }
  };
  return {
    /**
     * Brings the index up to an edition of the content: its pages and people, and the news items named
     * (`{ every: true }` for all of them).
     */
    async index(content: SiteContent & Partial<Pick<ContentSnapshot, "languages">>, news: NewsToIndex) {
      await indexTranslations(content);
      if ("every" in news) {
        const everything = [...pageDocuments(content), ...newsDocuments(await publishedNewsWithCommunities(db))];
        await syncSearchIndex(db, everything, "everything");
        return;
      }
      await syncSearchIndex(db, pageDocuments(content), { kinds: PAGE_KINDS });
      if (news.ids.length) {
        const ids = [...news.ids];
        await syncSearchIndex(db, newsDocuments(await publishedNewsWithCommunities(db, ids)), { keys: ids.map(newsKey) });
      }
    },
    /** A visitor's search, counted against their address (a keyed hash, never the address). */
    async search(request: SearchRequest, clientHash: string | null): Promise<SearchOutcome> {
      const wait = clientHash ? await options.limit.consume(clientHash) : null;
      if (wait) return { ok: false, retryAfter: wait };
      const answer = await runSearch(db, request);
      options.searched?.(answer.total > 0);
      return { ok: true, answer };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;

/** What search needs from the request context (app/context.server.ts). */
export interface SearchContext {
  search: SearchService;
  hashAddress: AddressHasher;
  clientAddress: string | undefined;
}
