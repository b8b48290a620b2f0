/**
 * Content pages are the same for every visitor: each is rendered once per path and content version, kept
 * here with its brotli and gzip bytes, its ETag and its headers, and then sent from memory like a file.
 * A request for a kept page is answered before Express runs (`answerFromCache`), with the very headers and
 * bytes the full path sends (tests/integration/render-cache.test.ts compares them).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gunzipSync, gzip } from "node:zlib";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import Negotiator from "negotiator";
import { isStaffPath } from "../app/lib/http";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = "br" | "gzip" | "identity";

/** The complete header list of each answer a kept page gives, name and value in turn, as Node writes them. */
interface Answers {
  br: readonly string[];
  gzip: readonly string[];
  identity: readonly string[];
  /** 304 Not Modified: the page's headers, without a body's encoding or length. */
  notModified: readonly string[];
}

/** A rendered page that any visitor and any cache may be given: no nonce, no cookie, nothing personal. */
export interface SharedPage {
  headers: OutgoingHttpHeaders;
  /**
   * The page's bytes, compressed: nearly every client takes one of these. The uncompressed page, a few clients'
   * (curl, some bots), is unzipped from `gzip` when one asks rather than kept: about a third of what each page
   * would hold, and the process answers faster the less it holds (docs/decisions/007-one-shape.md).
   */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** What `fresh` compares a request's validators with. */
  validators: { etag: string };
  /**
   * Every answer's headers, ETag and `X-Render-Cache` included, built once when the page is kept: answering
   * from memory copies no header (`miss` is the render that kept it, `hit` every answer after).
   */
  answers: Record<"hit" | "miss", Answers>;
}

/** Headers that belong to one response, never to the page kept for the next visitor. */
const PER_RESPONSE = new Set(["connection", "content-length", "content-encoding", "date", "keep-alive", "set-cookie", "transfer-encoding"]);

/** Compresses once, at the highest settings: the cost is paid once per page and version, not per request. */
export async function sharedPage(html: string, headers: OutgoingHttpHeaders): Promise<SharedPage> {
  const identity = Buffer.from(html, "utf8");
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!PER_RESPONSE.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  kept.vary = "Accept-Encoding";
  // Weak: the same page in three encodings, which a cache may compare but need not byte-match.
  const etag = `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  const flat = Object.entries(kept).flatMap(([name, value]) => [value ?? []].flat().flatMap((v) => [name, String(v)]));
  const answers = (from: "hit" | "miss"): Answers => {
    const notModified = [...flat, "ETag", etag, "X-Render-Cache", from];
    const withBody = (body: Buffer, encoding?: string) => [
      ...notModified,
      ...(encoding ? ["Content-Encoding", encoding] : []),
      "Content-Length",
      String(body.length),
    ];
    return { br: withBody(br, "br"), gzip: withBody(gz, "gzip"), identity: withBody(identity), notModified };
  };
  return {
    headers: kept,
    br,
    gzip: gz,
    etag,
    validators: { etag },
    answers: { hit: answers("hit"), miss: answers("miss") },
  };
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

/**
 * Sends a shared page: 304 when the browser's copy is current, its best encoding otherwise, no body for
 * HEAD. `X-Render-Cache` says whether it came from memory, for whoever runs the site.
 */
export function sendSharedPage(req: IncomingMessage, res: ServerResponse, page: SharedPage, from: "hit" | "miss"): void {
  const answers = page.answers[from];
  if (fresh(req.headers, page.validators)) {
    // Node reads a header list and never changes it (writeHead's array form), so the kept ones are given as they are.
    res.writeHead(304, answers.notModified as string[]);
    res.end();
    return;
  }
  const encoding = encodingOf(req.headers["accept-encoding"]);
  res.writeHead(200, answers[encoding] as string[]);
  if (req.method === "HEAD") return void res.end();
  res.end(encoding === "identity" ? gunzipSync(page.gzip) : page[encoding]);
}

/**
 * Answers a GET or HEAD for a kept page straight from memory, before the Express stack runs, and says
 * whether it did. Only canonical addresses are ever kept, so the address as sent is the key.
 */
export function answerFromCache(cache: RenderCache, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== "GET" && req.method !== "HEAD") || req.url === undefined) return false;
  const page = cache.get(req.url);
  if (!page) return false;
  sendSharedPage(req, res, page, "hit");
  return true;
}

/** Endpoints, client data and search results: a search is one visitor's, never kept nor shared while it renders. */
const NEVER_KEPT = /^\/(?:api|functions)\/|^\/search$|\.data$/;

interface RenderCacheOptions {
  /** Most pages kept (the site has about a hundred). */
  maxPages?: number;
  /** Most bytes kept, counting both encodings of every page. */
  maxBytes?: number;
}

export function createRenderCache({ maxPages = 1000, maxBytes = 32 * 1024 * 1024 }: RenderCacheOptions = {}) {
  const pages = new LRUCache<string, SharedPage>({
    max: maxPages,
    maxSize: maxBytes,
    // The bytes it keeps (two encodings), and about 4 KB for its headers and their lists.
    sizeCalculation: (p) => p.br.length + p.gzip.length + 4096,
  });
  const rendering = new Map<string, Promise<SharedPage | null>>();
  // Moves on every clear: a render that began before the content changed must not be kept after it.
  let generation = 0;

  return {
    /**
     * The key a request's page would be kept under (its path and query), or null when such a request is
     * never answered from memory. Only a page's canonical address is kept (server/documents.ts), so
     * made-up paths and queries never grow the cache.
     */
    keyFor(req: { method: string; path: string; originalUrl: string }): string | null {
      if (req.method !== "GET" && req.method !== "HEAD") return null;
      const path = req.path;
      return NEVER_KEPT.test(path) || isStaffPath(path) ? null : req.originalUrl;
    },
    get: (key: string) => pages.get(key),
    /** The page another request is rendering right now: wait for it rather than render it twice. */
    pending: (key: string) => rendering.get(key),
    /**
     * Notes that this request renders `key`. Call the answer with the page, or with null when the page
     * turned out not to be kept (a form, a 404, another spelling of a page's address); it is kept only if
     * the content did not change meanwhile.
     */
    begin(key: string): (page: SharedPage | null) => void {
      const startedAt = generation;
      let settle!: (page: SharedPage | null) => void;
      const promise = new Promise<SharedPage | null>((r) => (settle = r));
      rendering.set(key, promise);
      return (page) => {
        if (rendering.get(key) === promise) rendering.delete(key);
        if (page && startedAt === generation) pages.set(key, page);
        settle(page);
      };
    },
    /** The content changed: forget every page. */
    clear() {
      generation++;
      pages.clear();
      rendering.clear();
    },
    get size() {
      return { pages: pages.size, bytes: pages.calculatedSize };
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
