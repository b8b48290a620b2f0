/**
 * Page requests (GET and HEAD) to React Router. Where the `@react-router/express` adapter streams every
 * answer through, this looks at what was rendered: a page any cache may share gets a CSP of hashes
 * instead of the request's nonce and is kept in the render cache; anything else goes out as rendered.
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { languageOfPath, localPath } from "../app/i18n/languages";
import { sharedByCaches } from "../app/lib/http";
import { inspectRenderedPage } from "./rendered-page";
import { sendSharedPage } from "./kept-page";
import { sharedPage, type RenderCache, type SharedPage } from "./render-cache";
import { contentSecurityPolicy } from "./security";

interface DocumentHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  /** Where shared pages are kept; null renders every request (development). */
  cache: RenderCache | null;
  https: boolean;
}

/** The page's address as the browser asked for it, on the host it asked (Express applies TRUST_PROXY). */
function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.once("close", () => !res.writableFinished && controller.abort());
  // HEAD is rendered as GET: its headers (and the kept page) must be those of the page itself.
  return new Request(`${req.protocol}://${req.host}${req.originalUrl}`, { method: "GET", headers, signal: controller.signal });
}

const isSharedPage = (response: globalThis.Response) =>
  response.status === 200 &&
  /^text\/html\b/.test(response.headers.get("Content-Type") ?? "") &&
  sharedByCaches(response.headers.get("Cache-Control")) &&
  !response.headers.has("Set-Cookie");

export function createDocumentHandler({ build, mode, getLoadContext, cache, https }: DocumentHandlerOptions) {
  const handle = createRequestHandler(build, mode);

  async function render(req: Request, res: Response): Promise<{ page: SharedPage; canonicalPath: string | null } | globalThis.Response> {
    const response = await handle(toFetchRequest(req, res), getLoadContext(req, res));
    if (!isSharedPage(response)) return response;
    const html = await response.text();
    const { inlineCode, canonicalPath, embedOrigins } = inspectRenderedPage(html);
    const headers = res.getHeaders();
    for (const [name, value] of response.headers) headers[name] = value;
    headers["content-security-policy"] = contentSecurityPolicy({ hashes: inlineCode }, { https, embeds: embedOrigins });
    return { page: await sharedPage(html, headers), canonicalPath };
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    const key = cache?.keyFor(req) ?? null;
    // Kept pages are usually answered before Express (render-cache.ts); not while the instance drains.
    const ready = key ? (cache!.get(key) ?? (await cache!.pending(key))) : null;
    if (ready) return sendSharedPage(req, res, ready, "hit");
    const settle = key && cache ? cache.begin(key) : () => {};
    try {
      const rendered = await render(req, res);
      if ("page" in rendered) {
        settle(isOwnAddress(key!, rendered.canonicalPath) ? rendered.page : null);
        return sendSharedPage(req, res, rendered.page, "miss");
      }
      settle(null);
      await sendResponse(req, res, rendered);
    } catch (error) {
      settle(null);
      next(error);
    }
  };
}

/**
 * Only a page's own address is kept, so made-up spellings and queries never grow the cache: its canonical
 * address, or that address under a language's prefix, where a page not yet translated names the English one.
 */
function isOwnAddress(key: string, canonicalPath: string | null): boolean {
  if (canonicalPath === null) return false;
  return key === canonicalPath || key === localPath(languageOfPath(key).language, canonicalPath);
}

/** A page rendered for this request alone, streamed as React Router answered it (as its Express adapter does). */
async function sendResponse(req: Request, res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  if (!response.body || req.method === "HEAD") {
    await response.body?.cancel();
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
