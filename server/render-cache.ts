/**
 * Content pages are the same for every visitor: each is rendered once per path and content version, kept
 * here with its brotli and gzip bytes, its ETag and its headers, and then sent from memory like a file
 * (server/kept-page.ts). A request for a kept page is answered by the front thread, or before Express runs,
 * with the very headers and bytes the full path sends (tests/integration/render-cache.test.ts compares them).
 */
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { LRUCache } from "lru-cache";
import { isStaffPath } from "../app/lib/http";
import { keptSize, type Answers, type KeptAnswers } from "./kept-page";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page that any visitor and any cache may be given: no nonce, no cookie, nothing personal. */
export interface SharedPage extends KeptAnswers {
  headers: OutgoingHttpHeaders;
  /**
   * The page's bytes, compressed: nearly every client takes one of these. The uncompressed page, a few clients'
   * (curl, some bots), is unzipped from `gzip` when one asks rather than kept: about a third of what each page
   * would hold, and the process answers faster the less it holds (docs/decisions/007-one-shape.md).
   */
  br: Buffer;
  gzip: Buffer;
  etag: string;
  answers: Record<"hit" | "miss", Answers>;
}

/** Headers that belong to one response, never to the page kept for the next visitor. */
const PER_RESPONSE = new Set(["connection", "content-length", "content-encoding", "date", "keep-alive", "set-cookie", "transfer-encoding"]);

/** Compresses once, at the highest settings: the cost is paid once per page and version, not per request. */
export async function sharedPage(html: string, headers: OutgoingHttpHeaders): Promise<SharedPage> {
  const identity = Buffer.from(html, "utf8");
  const compressed = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  // In memory both threads can read: the front thread (server/front.ts) answers from the same bytes, uncopied.
  const [br, gz] = [compressed[0], compressed[1]].map((bytes) => {
    const shared = Buffer.from(new SharedArrayBuffer(bytes.length));
    bytes.copy(shared);
    return shared;
  }) as [Buffer, Buffer];
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

/** Endpoints, client data and search results: a search is one visitor's, never kept nor shared while it renders. */
const NEVER_KEPT = /^\/(?:api|functions)\/|^\/search$|\.data$/;

/** Told of every page kept and every clearing, in order: the front thread keeps the same pages. */
export interface RenderCacheMirror {
  kept(key: string, page: SharedPage): void;
  cleared(): void;
}

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
    sizeCalculation: keptSize,
  });
  const rendering = new Map<string, Promise<SharedPage | null>>();
  // Moves on every clear: a render that began before the content changed must not be kept after it.
  let generation = 0;
  const mirrors: RenderCacheMirror[] = [];

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
        if (page && startedAt === generation) {
          pages.set(key, page);
          for (const mirror of mirrors) mirror.kept(key, page);
        }
        settle(page);
      };
    },
    /** The content changed: forget every page. */
    clear() {
      generation++;
      pages.clear();
      rendering.clear();
      for (const mirror of mirrors) mirror.cleared();
    },
    /** Tells `mirror` of every page kept from now on, and of every clearing. */
    mirror: (mirror: RenderCacheMirror) => void mirrors.push(mirror),
    limits: { maxPages, maxBytes },
    get size() {
      return { pages: pages.size, bytes: pages.calculatedSize };
    },
  };
}

export type RenderCache = ReturnType<typeof createRenderCache>;
