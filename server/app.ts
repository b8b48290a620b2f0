/**
 * The server, start to stop: configuration, the services (server/services.ts), the HTTP side
 * (server/http.ts), and a shutdown that loses no request (server/shutdown.ts). Bundled by Vite into
 * build/server/index.js; server/start.mjs (production) and server/dev.mjs (development) start it.
 */
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { ViteDevServer } from "vite";
import type { DatabaseHandle } from "../db/client.server";
import { loadConfig, type AppConfig } from "./config";
import { startFrontThread } from "./front-thread";
import { createHttpApp } from "./http";
import { createLogger, type Logger } from "./logger";
import type { OutboxWorker } from "./outbox";
import { createServices, type ServiceOptions, type Services } from "./services";
import { gracefulShutdown, type Lifecycle } from "./shutdown";

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Development: Vite serves and transforms the source files. */
  vite?: ViteDevServer;
  /** Where the built client lives (production). */
  clientDir?: string;
  /** Install SIGTERM/SIGINT handlers (off when a test starts several servers in one process). */
  handleSignals?: boolean;
  /** Options of the services (server/services.ts), for tests that watch the publishing step. */
  services?: ServiceOptions;
  /** Where log lines go (standard output by default). */
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  config: AppConfig;
  database: DatabaseHandle;
  logger: Logger;
  outbox: OutboxWorker | null;
  /** The Express app alone, without the render cache in front of it (tests compare the two). */
  app: RequestListener;
  /** What requests share: the content being served and its publishing step, the stores (tests reach them here). */
  services: Services;
  close(): Promise<void>;
}

const KEEP_ALIVE_MS = 5_000;

/** node:http's server on the app alone (development), and the port it listens on. */
async function listen(
  listener: RequestListener,
  { port, host, keepAliveTimeout }: { port: number; host: string; keepAliveTimeout: number },
) {
  const server = createServer(listener);
  server.keepAliveTimeout = keepAliveTimeout;
  await new Promise<void>((listening, failed) => server.listen(port, host, listening).once("error", failed));
  return [server, (server.address() as AddressInfo).port] as const;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const logger = createLogger(config.LOG_LEVEL, options.log);
  // Development renders every request afresh, so that an edited source shows at once.
  const services = await createServices(config, logger, "server", { keepPages: !options.vite, ...options.services });
  const lifecycle: Lifecycle = { draining: false };
  const http = await createHttpApp({ services, lifecycle, vite: options.vite, clientDir: resolve(options.clientDir ?? "build/client") });

  const listening = { port: config.PORT, host: config.HOST, keepAliveTimeout: KEEP_ALIVE_MS };
  // Kept pages are answered by a thread of their own, in front of the app (decision 007); development keeps none.
  const front = http.renderCache
    ? await startFrontThread({
        ...listening,
        logLevel: config.LOG_LEVEL,
        logger,
        renderCache: http.renderCache,
        metrics: services.metrics,
        routeOf: http.routeOf,
        listener: http.listener,
      })
    : null;
  const [server, port] = front ? [front, front.port] : await listen(http.listener, listening);
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`;
  logger.info("listening", { url, mode: options.vite ? "development" : "production" });

  const shutdown = gracefulShutdown({
    server,
    onDraining: () => front?.drain(),
    logger,
    lifecycle,
    drainMs: config.SHUTDOWN_DRAIN_MS,
    inFlight: http.inFlight,
    stopServices: services.close,
  });
  if (options.handleSignals !== false) shutdown.handleSignals();
  return {
    url,
    config,
    database: services.database,
    logger,
    outbox: services.outbox,
    app: http.app,
    services,
    close: shutdown.close,
  };
}
