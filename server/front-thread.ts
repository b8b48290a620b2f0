/**
 * Starts the front thread (server/front.ts), which owns the listening socket and answers kept pages, and the
 * app's own listener behind it, on a Unix socket only this process's user can reach. The front thread is told
 * of every page the render cache keeps (the same bytes, shared, not copied) and of every clearing; its
 * answers are counted in /metrics with the app's. When it stops unexpectedly it is started again.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type RequestListener, type Server } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import onHeaders from "on-headers";
import type { AnswerTally } from "./answered";
import { ANSWERED_EARLY_HEADER, CLIENT_ADDRESS_HEADER, type FromFront, type FrontOptions, type ToFront } from "./front-protocol";
import { describeError, type Logger } from "./logger";
import type { Metrics } from "./metrics";
import type { RenderCache } from "./render-cache";
import type { ClosableServer } from "./shutdown";

/** Built beside the server's own entry (vite.config.ts: build/server/front.js). */
const FRONT_ENTRY = join(dirname(fileURLToPath(import.meta.url)), "front.js");

interface FrontThreadOptions {
  port: number;
  host: string;
  keepAliveTimeout: number;
  logLevel: FrontOptions["logLevel"];
  /** Writes the front thread's log too. */
  logger: Logger;
  renderCache: RenderCache;
  metrics: Metrics | null;
  /** The route pattern of a kept page's address, for the metrics. */
  routeOf: (path: string) => string;
  /** The app: every request the front thread does not answer. */
  listener: RequestListener;
  /** The built front thread (tests that start it from the sources name the built one). */
  entry?: string;
}

export interface FrontThread extends ClosableServer {
  port: number;
  /** The instance drains: kept pages go to the app too, whose answers ask each client to reconnect. */
  drain(): void;
}

/** The app's listener: a request arrives from the front thread, with the client's address in a header. */
function appListener(listener: RequestListener): RequestListener {
  return (req, res) => {
    const address = req.headers[CLIENT_ADDRESS_HEADER];
    delete req.headers[CLIENT_ADDRESS_HEADER];
    // The connection is the front thread's, and carries one request at a time: for Express (req.ip, with
    // TRUST_PROXY as before) the client's address is the one the front thread was connected from.
    Object.defineProperty(req.socket, "remoteAddress", {
      value: typeof address === "string" && address ? address : undefined,
      configurable: true,
    });
    // Runs after the app's own header listeners (server/http.ts closes a connection answered early): the front
    // thread closes this one, once it has the answer (ANSWERED_EARLY_HEADER).
    onHeaders(res, () => {
      if (req.complete || res.getHeader("connection") !== "close") return;
      res.removeHeader("connection");
      res.setHeader(ANSWERED_EARLY_HEADER, "1");
    });
    listener(req, res);
  };
}

export async function startFrontThread(options: FrontThreadOptions): Promise<FrontThread> {
  const { logger, renderCache } = options;
  const folder = mkdtempSync(join(tmpdir(), "site-"));
  const appSocket = join(folder, "app.sock");
  const inner: Server = createServer(appListener(options.listener));
  // Only the front thread connects here, and it keeps its connections: they are never closed from this side.
  inner.keepAliveTimeout = 0;
  await new Promise<void>((listening, failed) => inner.listen(appSocket, listening).once("error", failed));

  let worker: Worker;
  let closing = false;
  let draining = false;
  let port = options.port;
  const asked = new Map<number, (tallies: AnswerTally[]) => void>();
  let nextQuestion = 0;
  const send = (message: ToFront) => worker.postMessage(message);

  const start = () =>
    new Promise<number>((listening, failed) => {
      const workerData: FrontOptions = {
        port,
        host: options.host,
        keepAliveTimeout: options.keepAliveTimeout,
        appSocket,
        logLevel: options.logLevel,
        limits: renderCache.limits,
      };
      worker = new Worker(options.entry ?? FRONT_ENTRY, { workerData });
      let served = false;
      worker.on("message", (message: FromFront) => {
        switch (message.type) {
          case "listening":
            served = true;
            return listening(message.port);
          case "failed":
            failed(Object.assign(new Error(message.message), { code: message.code }));
            return void worker.terminate();
          case "log":
            if (message.lines) logger.lines?.(message.lines);
            for (const [level, msg, fields] of message.events) logger[level](msg, fields);
            return;
          case "tally":
            return asked.get(message.id)?.(message.tallies);
        }
      });
      worker.once("error", (error) => {
        logger.error("the front thread failed", describeError(error));
        failed(error);
      });
      worker.once("exit", () => {
        for (const answer of asked.values()) answer([]);
        asked.clear();
        if (closing || !served) return;
        // Kept pages were lost with it; the next requests keep them again.
        logger.error("the front thread stopped: starting it again");
        renderCache.clear();
        start().then(
          () => draining && send({ type: "drain" }),
          (error) => logger.error("the front thread could not start again", describeError(error)),
        );
      });
    });
  try {
    port = await start();
  } catch (error) {
    inner.close();
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  renderCache.mirror({
    kept: (key, page) =>
      send({
        type: "kept",
        key,
        page: {
          br: page.br,
          gzip: page.gzip,
          validators: page.validators,
          answers: { hit: page.answers.hit },
          route: options.routeOf(key),
        },
      }),
    cleared: () => send({ type: "cleared" }),
  });
  options.metrics?.countAnswersOf(
    () =>
      new Promise((answer) => {
        const id = nextQuestion++;
        asked.set(id, (tallies) => (asked.delete(id), answer(tallies)));
        send({ type: "tally", id });
      }),
  );

  return {
    port,
    drain() {
      draining = true;
      send({ type: "drain" });
    },
    close(done) {
      closing = true;
      worker.on("message", (message: FromFront) => {
        if (message.type !== "closed") return;
        // Nothing is in flight once the front thread's connections are closed: the app's follow.
        inner.close(() => {
          rmSync(folder, { recursive: true, force: true });
          void worker.terminate().then(() => done?.());
        });
        inner.closeAllConnections();
      });
      send({ type: "close" });
      return this;
    },
    closeIdleConnections: () => send({ type: "close-idle" }),
    closeAllConnections: () => send({ type: "close-all" }),
  };
}
