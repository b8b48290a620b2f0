// The web-streams renderer, not the Node one: on Node 20, react-dom's Node build runs every render inside an
// AsyncLocalStorage, which switches on async hooks for the whole process, and from then on every request,
// kept pages included, pays for them (docs/decisions/007-one-shape.md).
import { renderToReadableStream } from "react-dom/server.edge";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { appContext } from "./context.server";
import { describeError } from "./lib/error-details";
import { CACHE_CONTROL, isStaffArea, sharedByCaches } from "./lib/http";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // HTML is short-lived in caches; routes that must never be cached (forms) say so themselves. The staff
  // area's no-store is set for every answer under /admin before React Router (app/staff/http.server.ts).
  if (!isStaffArea(request) && !responseHeaders.has("Cache-Control")) {
    responseHeaders.set("Cache-Control", responseStatusCode === 200 ? CACHE_CONTROL.page : CACHE_CONTROL.none);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.append("Vary", "Accept-Encoding");
  // A page caches may share carries no nonce: its inline code is allowed by hash (server/documents.ts).
  const nonce = sharedByCaches(responseHeaders.get("Cache-Control")) ? undefined : loadContext.get(appContext).nonce;

  // The pages are small and static: send them whole, so nothing arrives half-painted on a slow network.
  const timeout = AbortSignal.timeout(streamTimeout + 1000);
  let allReady = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: timeout,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (allReady) logError("render error", new URL(request.url).pathname, error);
      },
    },
  );
  await body.allReady;
  allReady = true;
  if (isStaffArea(request) || !nonce) return new Response(body, { headers: responseHeaders, status: responseStatusCode });
  const html = withoutModulePreloads(await new Response(body).text());
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * A public page that hydrates (a form) works without JavaScript, so its words come first: React hoists the
 * `<link rel="modulepreload">` of every module React Router's <Scripts> names into <head>, where they ask for
 * about 120 KB of scripts alongside the stylesheet and the fonts, and before the page is painted. Without
 * them the same inline module script still loads every module, as its imports reach them. On a slow phone
 * network the page paints sooner and hydrates a little later (Lighthouse on /fa/contact: largest paint
 * 2.2–2.6 s with them, 1.3 s without).
 */
const withoutModulePreloads = (html: string) => html.replace(/<link rel="modulepreload"[^>]*>/g, "");

/** Errors in loaders and rendering: logged without the request's details (no query, no body, no address). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError("render error", new URL(request.url).pathname, error);
}

/** The server log's line (server/logger.ts), with nothing of a failed query's SQL or values in it. */
const logError = (msg: string, path: string, error: unknown) =>
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg, path, ...describeError(error) }));
