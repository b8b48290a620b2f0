/**
 * The front thread: a worker thread of the site's process that owns the listening socket. It answers a kept
 * page from memory, the bytes and header lists the app made (server/render-cache.ts), and hands every other
 * request to the app's thread over a Unix socket, as a reverse proxy would.
 *
 * Why a thread: the same few lines of Node's HTTP server answer a kept page a third slower in the app's
 * isolate, with its big heap and many object shapes, than in an isolate of their own (decision 007). This
 * one loads nothing of the app: the render cache's sending and the tally; its log is written by the app's thread.
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { LRUCache } from "lru-cache";
import { answerRecorder, createRequestTally } from "./answered";
import { CLIENT_ADDRESS_HEADER, type FromFront, type FrontOptions, type FrontPage, type LogEvent, type ToFront } from "./front-protocol";
import { describeError } from "../app/lib/error-details";
import { answerFromCache, keptSize } from "./kept-page";
import { written } from "./log-levels";

const options = workerData as FrontOptions;
const app = parentPort!;
const tell = (message: FromFront) => app.postMessage(message);

/**
 * The log, relayed: each turn's events go to the app's thread in one message, and its logger writes them. The
 * lines are made and written there, on a thread with time to spare, rather than here between answers.
 */
const logger = (() => {
  let pending: LogEvent[] = [];
  const flush = () => {
    tell({ type: "log", events: pending });
    pending = [];
  };
  const at = (level: LogEvent[0]) =>
    !written(level, options.logLevel)
      ? () => {}
      : (msg: string, fields?: Record<string, unknown>) => {
          if (pending.length === 0) setImmediate(flush);
          pending.push([level, msg, fields]);
        };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
})();
const tally = createRequestTally();
const pages = new LRUCache<string, FrontPage>({
  max: options.limits.maxPages,
  maxSize: options.limits.maxBytes,
  sizeCalculation: keptSize,
});
const answered = answerRecorder(logger, tally.record, (path) => pages.peek(path)?.route ?? "unmatched");
let draining = false;

/** Headers of one connection, never passed on; and the client's address, which only this thread may set. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
  CLIENT_ADDRESS_HEADER,
]);
// The app's socket is never closed from its side (keepAliveTimeout 0 there), so a kept connection is never
// found closed when reused.
const agent = new Agent({ keepAlive: true, maxFreeSockets: 32 });

/** Passes a request to the app and its answer back, streaming both ways. */
function passToApp(req: IncomingMessage, res: ServerResponse) {
  const headers: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
  headers.push(CLIENT_ADDRESS_HEADER, req.socket.remoteAddress ?? "");
  const upstream = request(
    { socketPath: options.appSocket, agent, method: req.method, path: req.url, headers, setHost: false },
    (answer) => {
      const out: string[] = [];
      // An answer the app gives before the request's body has arrived (413, 403…) closes the client's connection
      // too, as it closes the app's: the unread rest of the body would break the client's next request.
      let close = draining;
      const rawOut = answer.rawHeaders;
      for (let i = 0; i < rawOut.length; i += 2) {
        const name = rawOut[i]!.toLowerCase();
        if (name === "connection" && /\bclose\b/i.test(rawOut[i + 1]!)) close = true;
        if (!HOP_BY_HOP.has(name)) out.push(rawOut[i]!, rawOut[i + 1]!);
      }
      if (close) out.push("Connection", "close");
      res.writeHead(answer.statusCode!, answer.statusMessage, out);
      answer.pipe(res);
      answer.once("close", () => !answer.complete && res.destroy());
    },
  );
  upstream.once("error", (error) => {
    if (res.headersSent) return void res.destroy();
    logger.error("the app did not answer", describeError(error));
    res.writeHead(502, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end("Something went wrong. Please try again.");
  });
  // A client that goes away leaves the app's request too, so that its render or upload stops.
  res.once("close", () => !res.writableFinished && upstream.destroy());
  req.pipe(upstream);
}

const server = createServer((req, res) => {
  const started = performance.now();
  if (!draining && answerFromCache(pages, req, res)) return answered(req.method!, req.url, res.statusCode, started);
  passToApp(req, res);
});
server.keepAliveTimeout = options.keepAliveTimeout;
server.once("error", (error: NodeJS.ErrnoException) => tell({ type: "failed", message: error.message, code: error.code }));
server.listen(options.port, options.host, () => {
  const address = server.address();
  tell({ type: "listening", port: typeof address === "object" && address ? address.port : options.port });
});

app.on("message", (message: ToFront) => {
  switch (message.type) {
    case "kept":
      pages.set(message.key, message.page);
      break;
    case "cleared":
      pages.clear();
      break;
    case "drain":
      draining = true;
      break;
    case "close":
      draining = true;
      server.close(() => {
        agent.destroy();
        // After the log's last events, which were queued first.
        setImmediate(() => tell({ type: "closed" }));
      });
      break;
    case "close-idle":
      server.closeIdleConnections();
      break;
    case "close-all":
      server.closeAllConnections();
      break;
    case "tally":
      tell({ type: "tally", id: message.id, tallies: tally.all() });
      break;
  }
});
