/**
 * The HTTP side of the server: the Express app, its middleware in the order a request meets it, and in
 * front of it the render cache, which answers a request for a kept page before Express runs at all.
 */
import { existsSync, readFileSync } from "node:fs";
import type { RequestListener } from "node:http";
import { join } from "node:path";
import { createRequestHandler } from "@react-router/express";
import express, { type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { mediaResponse, type MediaStore } from "../app/lib/media.server";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext, type AppServices } from "../app/context.server";
import { preflight } from "../app/forms/cors";
import { CACHE_CONTROL, STAFF_AREA } from "../app/lib/http";
import { staffAreaGuard } from "../app/staff/http.server";
import { resignRotatedCookies } from "../app/staff/secret.server";
import { compressPages } from "./compress";
import { createDocumentHandler } from "./documents";
import { healthChecks } from "./health";
import { routePatterns } from "./metrics";
import { answerFromCache, requestHasBody } from "./kept-page";
import { cspNonce, onionLocation, securityHeaders } from "./security";
import type { Services } from "./services";
import type { Lifecycle } from "./shutdown";
import { describeError } from "./logger";
import { answerRecorder, pathOf } from "./answered";

interface HttpOptions {
  services: Services;
  lifecycle: Lifecycle;
  /** Development: Vite serves and transforms the source files, and nothing is kept. */
  vite?: ViteDevServer;
  /** Where the built client lives (production). */
  clientDir: string;
}

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;

function enhanceScriptUrl(clientDir: string, dev: boolean): string {
  if (dev) return "/app/enhance/index.ts";
  const manifest = join(clientDir, "..", "enhance-manifest.json");
  if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run npm run build`);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { url: string }).url;
}

export async function createHttpApp({ services, lifecycle, vite, clientDir }: HttpOptions) {
  const { config, logger, metrics, database } = services;
  const dev = Boolean(vite);
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : ((await import("virtual:react-router/server-build")) as unknown as ServerBuild);
  // Requests are counted under their route's pattern, never under the address asked for.
  const routeOf = typeof build === "function" ? () => "unmatched" : routePatterns(build);
  const https = config.SITE_URL.startsWith("https://");
  // Made with the services: the publishing step drops its pages when a new edition is swapped in.
  const renderCache = services.renderCache;
  const appServices: AppServices = { ...services.app, enhanceScriptUrl: enhanceScriptUrl(clientDir, dev) };

  let inFlight = 0;
  /** The log line and the metrics of one answer, whichever way it was answered. */
  const answered = answerRecorder(logger.lines, metrics?.requestAnswered, routeOf);
  const observe: RequestHandler = (req, res, next) => {
    const started = performance.now();
    inFlight++;
    res.once("close", () => inFlight--);
    res.once("finish", () => answered(req.method, req.originalUrl, res.statusCode, started));
    // While draining, every answer tells a keep-alive client to reconnect (to another instance).
    if (lifecycle.draining) res.setHeader("Connection", "close");
    next();
  };
  // An answer sent before the request's body has arrived (413 while uploading, 415, 403…) closes the connection
  // and says so: the unread rest of the body would otherwise break the client's next request on it.
  const closeWhenAnsweredEarly: RequestHandler = (req, res, next) => {
    if (requestHasBody(req)) onHeaders(res, () => !req.complete && res.setHeader("Connection", "close"));
    next();
  };

  const getLoadContext = (req: Request, res: express.Response) =>
    requestContext(appServices, { nonce: res.locals.cspNonce as string, clientAddress: req.ip ?? req.socket.remoteAddress }, req.path);
  const mode = dev ? "development" : "production";
  const documents = createDocumentHandler({ build, mode, getLoadContext, cache: renderCache, https });
  const actions = createRequestHandler({ build, mode, getLoadContext });
  const health = healthChecks(database, logger, lifecycle);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  // The order every request meets them in.
  app.use(closeWhenAnsweredEarly);
  app.use(observe);
  if (vite) app.use(vite.middlewares);
  else app.use(staticFiles(clientDir));
  app.get("/media/:file", uploadedFiles(appServices.media));
  app.use(cspNonce({ https }));
  app.use(securityHeaders());
  if (config.ONION_URL) app.use(onionLocation(config.ONION_URL));
  app.use(compressPages);
  app.get("/healthz", health.live);
  app.get("/readyz", health.ready);
  app.get("/metrics", metrics ? metrics.endpoint(config.METRICS_TOKEN) : (_req, res) => void res.sendStatus(404));
  // Express's own patterns for the route table's api/:name and functions/v1/:name, which href() cannot write.
  // eslint-disable-next-line no-restricted-syntax
  app.options(["/api/{*name}", "/functions/v1/{*name}"], corsPreflight(config.ALLOWED_ORIGINS));
  app.use(STAFF_AREA, staffAreaGuard(config.SITE_URL));
  // After a rotation, a session signed with an older secret still listed carries on (SESSION_ROTATION=keep).
  if (config.SESSION_ROTATION === "keep")
    app.use(STAFF_AREA, resignRotatedCookies(services.app.staff.settings.keys, services.app.staff.signedCookies));
  app.all("/{*path}", (req, res, next) => (req.method === "GET" || req.method === "HEAD" ? documents : actions)(req, res, next));
  app.use(lastResort(services.logger));

  /** Kept pages first, straight from memory; everything else through Express. */
  const listener: RequestListener = (req, res) => {
    const started = performance.now();
    if (renderCache && !lifecycle.draining && answerFromCache(renderCache, req, res)) {
      answered(req.method!, req.url, res.statusCode, started);
      return;
    }
    app(req, res);
  };
  return { app, listener, renderCache, routeOf, inFlight: () => inFlight };
}

/** Photographs staff uploaded, by hash (decision 008): the same headers as the build's images, never a page's. */
function uploadedFiles(media: MediaStore): RequestHandler {
  return (req, res, next) => {
    mediaResponse(media, String(req.params.file))
      .then(
        ({ status, headers, body }) =>
          void res
            .status(status)
            .set(headers)
            .end(req.method === "HEAD" ? undefined : body),
      )
      .catch(next);
  };
}

/** Built files: hashed names are kept for a year and never revalidated; they need no page headers (CSP…), only nosniff. */
function staticFiles(clientDir: string): RequestHandler[] {
  const nosniff: RequestHandler = (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  };
  // Never revalidated, so no validators either (ETag, Last-Modified) nor ranges for a few KB: about 100 bytes
  // less on each of a form page's 13 or 14 scripts, which count against its 120 KB (issue 34).
  const hashed = {
    immutable: true,
    maxAge: ONE_YEAR_MS,
    index: false,
    fallthrough: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
  } as const;
  const router = express.Router();
  router.use(["/assets", "/images", "/favicon.svg"], nosniff);
  router.use(
    "/assets",
    expressStaticGzip(join(clientDir, "assets"), { enableBrotli: true, orderPreference: ["br", "gz"], index: false, serveStatic: hashed }),
  );
  router.use("/images/generated", express.static(join(clientDir, "images", "generated"), hashed));
  router.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  return [router];
}

/** React Router answers OPTIONS with 405; cross-origin browsers ask here before posting to an endpoint. */
function corsPreflight(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res) => {
    const { status, headers } = preflight(req.headers.origin, allowedOrigins);
    res
      .status(status)
      .set({ ...headers, "Cache-Control": CACHE_CONTROL.none })
      .end();
  };
}

/** Anything that escapes: a plain page, never a stack trace to the visitor. */
function lastResort(logger: Services["logger"]): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error("unhandled error", { path: pathOf(req.originalUrl), ...describeError(err) });
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong. Please try again.");
  };
}
