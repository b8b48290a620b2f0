import { createContext } from "react-router";
import type { DatabaseHandle } from "../../db/client.server";
import type { NewsCache } from "./news.server";

/** What the server hands every loader and the document renderer for one request. */
export interface AppRequestContext {
  /** Per-request CSP nonce for the few inline scripts React Router needs on hydrated pages. */
  nonce: string;
  siteUrl: string;
  embeds: "consent" | "auto";
  /** URL of the small enhancement module that content pages load instead of the framework. */
  enhanceScriptUrl: string;
  database: DatabaseHandle;
  news: NewsCache;
}

export const appContext = createContext<AppRequestContext>();
