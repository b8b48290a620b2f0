/**
 * Site search, one service for the whole server: the index kept in step with the content and the news, and
 * the searches visitors run, limited per address. What a person searches for can endanger them: no query
 * is logged, stored or counted; the metrics hear only whether a search found anything.
 */
import type { Database } from "../../db/client.server";
import type { ContentVersion } from "../../db/content-version.server";
import type { AddressHasher } from "~/lib/address-hash.server";
import type { Limit } from "~/lib/limits.server";
import type { SiteContent } from "~/content/collections.server";
import { publishedNewsWithCommunities } from "~/news/queries.server";
import { searchDocuments } from "./documents.server";
import { syncSearchIndex } from "./index.server";
import type { SearchAnswer } from "./results";
import { runSearch, type SearchRequest } from "./search.server";

export interface SearchServiceOptions {
  /** The content as visitors see it now (it is replaced after every change). */
  content: () => SiteContent;
  /** Searches allowed per address per minute. */
  limit: Limit;
  searched?: (found: boolean) => void;
}

export type SearchOutcome = { ok: true; answer: SearchAnswer } | { ok: false; retryAfter: number };

export function createSearchService(db: Database, options: SearchServiceOptions) {
  const reindex = async () => syncSearchIndex(db, searchDocuments(options.content(), await publishedNewsWithCommunities(db)));
  return {
    reindex,
    /** Brings the index up to date now, and again after every change of the content, here or elsewhere. */
    async follow(version: Pick<ContentVersion, "onChange">) {
      await reindex();
      version.onChange(async () => void (await reindex()));
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
