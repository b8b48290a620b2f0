import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { appContext } from "./context.server";
import { CACHE_CONTROL, isStaffArea, sharedByCaches } from "./lib/http";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The pages are small and static: send them whole, so nothing arrives half-painted on a slow network.
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** Errors in loaders and rendering: logged without the request's details (no query, no body, no address). */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  const detail =
    error instanceof Error
      ? { error: error.name, detail: error.message, stack: error.stack?.split("\n").slice(0, 6).join("\n") }
      : { error: String(error) };
  console.error(JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "render error", path, ...detail }));
}
