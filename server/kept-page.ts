/**
 * Answering a kept page (server/render-cache.ts keeps them): a 304 when the browser's copy is current, its best
 * encoding otherwise, from header lists built once. The front thread (server/front.ts) and the app's thread
 * both answer this way; this module loads nothing of the app, so that the front thread stays small.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import fresh from "fresh";
import Negotiator from "negotiator";

type Encoding = "br" | "gzip" | "identity";

/** The complete header list of each answer a kept page gives, name and value in turn, as Node writes them. */
export interface Answers {
  br: readonly string[];
  gzip: readonly string[];
  identity: readonly string[];
  /** 304 Not Modified: the page's headers, without a body's encoding or length. */
  notModified: readonly string[];
}

/** What answering a kept page needs: all the front thread is given of it. */
export interface KeptAnswers {
  br: Uint8Array;
  gzip: Uint8Array;
  /** What `fresh` compares a request's validators with. */
  validators: { etag: string };
  /**
   * Every answer's headers, ETag and `X-Render-Cache` included, built once when the page is kept: answering
   * from memory copies no header (`miss` is the render that kept it, `hit` every answer after).
   */
  answers: Partial<Record<"hit" | "miss", Answers>>;
}

/** The encoding a browser's Accept-Encoding picks, as Express negotiates it; browsers send few different values. */
const encodingOf = (() => {
  const known = new Map<string, Encoding>();
  return (acceptEncoding: string | undefined): Encoding => {
    const key = acceptEncoding ?? "";
    let encoding = known.get(key);
    if (encoding === undefined) {
      const best = new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encodings(["br", "gzip", "identity"])[0];
      encoding = best === "br" || best === "gzip" ? best : "identity";
      if (known.size >= 100) known.clear();
      known.set(key, encoding);
    }
    return encoding;
  };
})();

/** The request headers a kept page's answer depends on, lower-cased as Node gives them. */
export type KeptPageRequestHeaders = {
  "accept-encoding"?: string;
  "if-none-match"?: string;
  "if-modified-since"?: string;
  "cache-control"?: string;
};

/**
 * A kept page's answer to one request: 304 when the browser's copy is current, its best encoding otherwise,
 * no body for HEAD. Node reads a header list and never changes it (writeHead's array form), so the kept ones
 * are given as they are.
 */
export function keptAnswer(
  method: string,
  headers: KeptPageRequestHeaders,
  page: KeptAnswers,
  from: "hit" | "miss",
): { status: 200 | 304; headers: readonly string[]; body: Uint8Array | null } {
  const answers = page.answers[from]!;
  if (fresh(headers, page.validators)) return { status: 304, headers: answers.notModified, body: null };
  const encoding = encodingOf(headers["accept-encoding"]);
  const body = method === "HEAD" ? null : encoding === "identity" ? gunzipSync(page.gzip) : page[encoding];
  return { status: 200, headers: answers[encoding], body };
}

/** Sends a shared page (keptAnswer). `X-Render-Cache` says whether it came from memory, for whoever runs the site. */
export function sendSharedPage(req: IncomingMessage, res: ServerResponse, page: KeptAnswers, from: "hit" | "miss"): void {
  const answer = keptAnswer(req.method!, req.headers, page, from);
  res.writeHead(answer.status, answer.headers as string[]);
  if (answer.body) res.end(answer.body);
  else res.end();
}

export const requestHasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** What a kept page counts for against the cache's limit: its two encodings, and about 4 KB for its headers and their lists. */
export const keptSize = (page: { br: Uint8Array; gzip: Uint8Array }) => page.br.length + page.gzip.length + 4096;

/**
 * Answers a GET or HEAD for a kept page straight from memory, before the Express stack runs, and says
 * whether it did. Only canonical addresses are ever kept, so the address as sent is the key.
 */
export function answerFromCache(cache: { get(key: string): KeptAnswers | undefined }, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined || requestHasBody(req)) return false;
  const page = cache.get(req.url);
  if (!page) return false;
  sendSharedPage(req, res, page, "hit");
  return true;
}
