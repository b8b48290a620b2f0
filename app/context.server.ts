/**
 * The request context: what the server hands every loader, action and the document renderer. Each domain
 * says what it needs (FormsContext, StaffContext, NewsContext, SearchContext); this combines them with what belongs to
 * the page itself. server/http.ts builds one per request from the services built at start.
 */
import { createContext, RouterContextProvider } from "react-router";
import type { DatabaseHandle } from "../db/client.server";
import { inLanguage, type ContentSnapshot } from "./content/snapshot.server";
import { languageOfPath } from "./i18n/languages";
import type { ContentStore } from "./content/store.server";
import type { TranslationStore } from "./content/translation-store.server";
import type { MediaStore } from "./lib/media.server";
import type { FormsContext } from "./forms/service.server";
import type { NewsContext, NewsService } from "./news/service.server";
import type { SearchContext } from "./search/service.server";
import type { StaffContext } from "./staff/service.server";

export interface AppRequestContext extends FormsContext, StaffContext, NewsContext, SearchContext {
  /** Per-request CSP nonce for the few inline scripts React Router needs on hydrated pages. */
  nonce: string;
  siteUrl: string;
  embeds: "consent" | "auto";
  /** The site's onion service (ONION_URL), which the privacy policy states; null when it has none. */
  onionUrl: string | null;
  /** URL of the small enhancement module that content pages load instead of the framework. */
  enhanceScriptUrl: string;
  database: DatabaseHandle;
  /**
   * The edition of the content this request reads, from start to end (app/content/snapshot.server.ts): taken
   * once, so an answer never mixes two editions.
   */
  content: ContentSnapshot;
  /** The content documents staff keep (the staff area's Site section). */
  contentStore: ContentStore;
  /** Their translations (issue 34). */
  translationStore: TranslationStore;
  /** The photographs staff upload, by hash (decision 008). */
  media: MediaStore;
}

export const appContext = createContext<AppRequestContext>();

/** What every request shares: built once when the server starts. */
export interface AppServices extends Omit<AppRequestContext, "nonce" | "clientAddress" | "content" | "news"> {
  /** The edition being served now (the publishing step swaps in each new one). */
  liveContent: () => ContentSnapshot;
  news: NewsService;
}

export function requestContext(services: AppServices, request: Pick<AppRequestContext, "nonce" | "clientAddress">, pathname = "/") {
  const context = new RouterContextProvider();
  // A page under /ar/ reads the Arabic edition: the English with every published Arabic translation in it.
  const content = inLanguage(services.liveContent(), languageOfPath(pathname).language);
  context.set(appContext, {
    ...services,
    ...request,
    content,
    news: { ...services.news, ...services.news.reader(content.version, content.language) },
  });
  return context;
}
