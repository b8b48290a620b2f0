/**
 * The production and development server: one Express app around the React Router request handler.
 * Bundled by Vite into build/server/index.js; scripts/start.mjs and server/dev.mjs start it.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join, resolve } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type Request, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import onHeaders from "on-headers";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { content } from "../app/content/content.server";
import { appContext } from "../app/lib/app-context";
import { CACHE_CONTROL, STAFF_AREA_PREFIX } from "../app/lib/http";
import { createNewsCache, seedNews } from "../db/news.server";
import { watchContentVersion } from "../db/content-version.server";
import { createAddressHasher, createSubmissionLimiter } from "../app/forms/abuse.server";
import { createLimitStore } from "../app/lib/limits.server";
import { resolveSecret } from "../app/staff/secret.server";
import { createStaffServices } from "../app/staff/services.server";
import { staffAreaGuard } from "../app/staff/http.server";
import { listenForControl } from "./control";
import { scheduleRetention } from "../app/staff/retention.server";
import { runStaffCommand } from "../app/staff/command.server";
import { PASSKEY_PATHS } from "../app/staff/auth-paths";
import { toNodeHandler } from "better-auth/node";
import { preflight } from "../app/forms/cors";
import { startOutboxWorker, type OutboxWorker } from "./outbox";
import { loadConfig, type AppConfig } from "./config";
import { createLogger, describeError, type Logger } from "./logger";
import { cspNonce, securityHeaders } from "./security";
import { createDocumentHandler } from "./documents";
import { createMetrics, routePatterns } from "./metrics";
import { createRenderCache, sendSharedPage } from "./render-cache";

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Development: Vite serves and transforms the source files. */
  vite?: ViteDevServer;
  /** Where the built client lives (production). */
  clientDir?: string;
  /** Install SIGTERM/SIGINT handlers (off in tests that start several servers in one process). */
  handleSignals?: boolean;
}

export interface RunningServer {
  server: Server;
  url: string;
  config: AppConfig;
  database: DatabaseHandle;
  logger: Logger;
  outbox: OutboxWorker | null;
  close(): Promise<void>;
}

const ONE_YEAR = 60 * 60 * 24 * 365;

function enhanceScriptUrl(clientDir: string, dev: boolean): string {
  if (dev) return "/app/enhance/index.ts";
  const manifest = join(clientDir, "..", "enhance-manifest.json");
  if (!existsSync(manifest)) throw new Error(`${manifest} is missing: run npm run build`);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { url: string }).url;
}

const requestHasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** Route pattern for the log line: never the query string, which can carry anything. */
function logPath(req: Request): string {
  const path = req.path;
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const logger = createLogger(config.LOG_LEVEL);
  const dev = Boolean(options.vite);
  const clientDir = resolve(options.clientDir ?? "build/client");

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const seededNewsItems = await seedNews(database.db, content.news);
  const metrics = createMetrics(database.db);
  const contentVersion = watchContentVersion(database.db);
  const news = createNewsCache(database.db, contentVersion);
  logger.info("database ready", { kind: database.kind, seededNewsItems });
  let outbox: OutboxWorker | null = null;
  if (config.SMTP_URL && config.NOTIFY_TO) {
    outbox = startOutboxWorker({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, to: config.NOTIFY_TO, logger });
    logger.info("notification email on");
  } else {
    logger.warn("notification email is off (set SMTP_URL and NOTIFY_TO); submissions are still stored");
  }
  const secret = await resolveSecret(database.db, config.SESSION_SECRET);
  const limits = await createLimitStore({ redisUrl: config.REDIS_URL, pgPool: database.pgPool });
  const limiter = await createSubmissionLimiter(limits, config.SUBMISSION_RATE_LIMIT);
  const hashAddress = createAddressHasher(secret);
  const submissions = {
    limiter,
    hashAddress,
    notify: outbox ? { includeDetails: config.NOTIFY_INCLUDE_DETAILS, staffUrl: `${config.SITE_URL}/admin` } : null,
    stored: (kind: string, spam: boolean) => {
      metrics.submissionStored(kind, spam);
      if (!spam) outbox?.kick();
    },
    logError: (message: string, err: unknown) => logger.error(message, describeError(err)),
    minFillMs: config.FORM_MIN_FILL_MS,
    allowedOrigins: config.ALLOWED_ORIGINS,
  };
  logger.info("submission limits", { store: limiter.kind, perTenMinutes: config.SUBMISSION_RATE_LIMIT });
  const staff = await createStaffServices(database, limits, {
    siteUrl: config.SITE_URL,
    secret,
    idleMinutes: config.STAFF_IDLE_MINUTES,
    retentionDays: config.RETENTION_DAYS,
    appName: content.site.organization.name,
  });
  const retention = scheduleRetention(
    database,
    config.RETENTION_DAYS,
    (err) => logger.error("retention failed", describeError(err)),
    (result) => metrics.retentionRan(result),
  );
  // `npm run staff` and `npm run db:backup` cannot open the embedded database while this process has it: they ask us instead.
  const control =
    database.kind === "pglite" && !config.DATA_DIR.startsWith("memory://")
      ? await listenForControl(resolve(config.DATA_DIR), {
          staff: (argv) => runStaffCommand(staff.accounts, argv),
          backup: () => database.dumpDataDir!(),
        })
      : null;

  const enhanceUrl = enhanceScriptUrl(clientDir, dev);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  // A response sent before the request's body has arrived (413 while uploading, 415, 403…) closes the
  // connection and says so: the unread rest of the body would otherwise break the client's next request
  // on the same keep-alive connection.
  app.use((req, res, next) => {
    if (requestHasBody(req)) onHeaders(res, () => !req.complete && res.setHeader("Connection", "close"));
    next();
  });

  let inFlight = 0;
  let shuttingDown = false;
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    inFlight++;
    res.once("close", () => inFlight--);
    // While shutting down, tell keep-alive clients to reconnect elsewhere after this response.
    if (shuttingDown) res.setHeader("Connection", "close");
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info("request", { method: req.method, path: logPath(req), status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    next();
  });
  // Requests are counted under their route's pattern, known once the build is loaded.
  let routeOf = (_path: string) => "unmatched";
  app.use(metrics.observe((path) => (/^\/(assets|images)\//.test(path) ? "static files" : routeOf(path))));

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (options.vite) {
    const vite = options.vite;
    app.use(vite.middlewares);
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    // Static files come first: they need none of the document headers (CSP, HSTS…) below, only nosniff.
    app.use(["/assets", "/images", "/favicon.svg"], (_req, res, next) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      next();
    });
    // Hashed file names: cache for a year, never revalidate.
    app.use(
      "/assets",
      expressStaticGzip(join(clientDir, "assets"), {
        enableBrotli: true,
        orderPreference: ["br", "gz"],
        index: false,
        serveStatic: { immutable: true, maxAge: ONE_YEAR * 1000, fallthrough: false },
      }),
    );
    app.use(
      "/images/generated",
      express.static(join(clientDir, "images", "generated"), {
        immutable: true,
        maxAge: ONE_YEAR * 1000,
        index: false,
        fallthrough: false,
      }),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
    build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
    routeOf = routePatterns(build);
  }

  // Content pages already rendered are sent from memory before any per-request work; their headers were
  // kept with them. Development renders every request, so edits show at once.
  const renderCache = dev ? null : createRenderCache();
  if (renderCache) {
    contentVersion.onChange(() => renderCache.clear());
    metrics.watchRenderCache(() => renderCache.size.pages);
    app.use((req, res, next) => {
      const key = renderCache.keyFor(req);
      const page = key === null ? undefined : renderCache.get(key);
      if (page) sendSharedPage(req, res, page, "hit");
      else next();
    });
  }

  const https = config.SITE_URL.startsWith("https://");
  app.use(cspNonce({ https }));
  app.use(securityHeaders());
  // A small brotli window: pages are tens of KB, and the default 4 MB window costs more to set up per
  // response than the compression itself (measured on /about: 188 → 250 requests/s).
  app.use(
    compression({
      threshold: 1024,
      brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_LGWIN]: 16 } },
    }),
  );

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", CACHE_CONTROL.none);
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (err) {
      logger.error("health check failed", describeError(err));
      res.status(503).json({ status: "error", database: database.kind });
    }
  });

  app.get("/metrics", metrics.endpoint(config.METRICS_TOKEN));

  // Readiness, for a load balancer: 503 as soon as this instance is shutting down, or while its database
  // does not answer or lacks a migration this build needs; liveness stays /healthz.
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", CACHE_CONTROL.none);
    if (shuttingDown) return void res.status(503).json({ status: "shutting down" });
    try {
      if (!(await database.migrated())) return void res.status(503).json({ status: "migrations pending" });
      res.json({ status: "ready" });
    } catch (err) {
      logger.error("readiness check failed", describeError(err));
      res.status(503).json({ status: "database unavailable" });
    }
  });

  // React Router answers OPTIONS with 405; cross-origin browsers ask here before posting to an endpoint.
  app.options(["/api/{*name}", "/functions/v1/{*name}"], (req, res) => {
    const { status, headers } = preflight(req.headers.origin, config.ALLOWED_ORIGINS);
    res
      .status(status)
      .set({ ...headers, "Cache-Control": CACHE_CONTROL.none })
      .end();
  });

  // The staff area: never cached, never indexed, and state changes only from the site's own pages.
  app.use(STAFF_AREA_PREFIX, staffAreaGuard(config.SITE_URL));
  // The passkey ceremony runs in the browser against the library's own endpoints; nothing else of it is exposed.
  app.all(PASSKEY_PATHS, toNodeHandler(staff.auth));

  app.get("/robots.txt", (_req, res) => {
    res.type("text/plain").setHeader("Cache-Control", CACHE_CONTROL.hour);
    res.send(`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${config.SITE_URL}/sitemap.xml\n`);
  });

  const getLoadContext = (req: Request, res: Response) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      nonce: res.locals.cspNonce as string,
      siteUrl: config.SITE_URL,
      embeds: config.EMBEDS,
      enhanceScriptUrl: enhanceUrl,
      database,
      news,
      submissions,
      staff,
      clientAddress: req.ip ?? req.socket.remoteAddress,
    });
    return context;
  };
  const mode = dev ? "development" : "production";
  const documents = createDocumentHandler({ build, mode, getLoadContext, cache: renderCache, https });
  const actions = createRequestHandler({ build, mode, getLoadContext });
  app.all("/{*path}", (req, res, next) => (req.method === "GET" || req.method === "HEAD" ? documents : actions)(req, res, next));

  // Anything that escapes: a plain page, never a stack trace to the visitor.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) logger.error("unhandled error", { path: logPath(req), ...describeError(err) });
    if (res.headersSent) return res.end();
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong. Please try again.");
  };
  app.use(onError);

  const server = await new Promise<Server>((resolveListen, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolveListen(s));
    s.once("error", reject);
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  logger.info("listening", { url, mode: dev ? "development" : "production" });

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      shuttingDown = true;
      logger.info("shutting down: finishing in-flight requests", { inFlight });
      const closed = new Promise<void>((r) => server.close(() => r()));
      // Connections that finish their request while we wait are closed as soon as they go idle.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearInterval(sweep);
      clearTimeout(force);
      await outbox?.stop();
      await retention.stop();
      contentVersion.stop();
      await new Promise((r) => (control ? control.close(r) : r(undefined)));
      await database.close();
      logger.info("stopped");
    })();
    return closing;
  };

  if (options.handleSignals !== false) {
    const onSignal = (signal: string) => {
      logger.info("signal received", { signal });
      close().then(
        () => process.exit(0),
        (err) => {
          logger.error("shutdown failed", describeError(err));
          process.exit(1);
        },
      );
    };
    process.once("SIGTERM", () => onSignal("SIGTERM"));
    process.once("SIGINT", () => onSignal("SIGINT"));
  }

  return { server, url, config, database, logger, close, outbox };
}
