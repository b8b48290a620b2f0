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
import { createServer as createListener, type Socket } from "node:net";
import { parentPort, workerData } from "node:worker_threads";
import { LRUCache } from "lru-cache";
import { answerRecorder, createRequestTally } from "./answered";
import {
  ANSWERED_EARLY_HEADER,
  CLIENT_ADDRESS_HEADER,
  type FromFront,
  type FrontOptions,
  type FrontPage,
  type LogEvent,
  type ToFront,
} from "./front-protocol";
import { describeError } from "../app/lib/error-details";
import { answerFromCache, keptAnswer, keptSize } from "./kept-page";
import { readKeptRequest } from "./kept-request";
import { written } from "./log-levels";

const options = workerData as FrontOptions;
const app = parentPort!;
const tell = (message: FromFront) => app.postMessage(message);

/**
 * The log, relayed: each turn's request lines (server/request-line.ts) and other events go to the app's thread
 * in one message, and its logger writes them, so that one writer has standard output. The other events' lines
 * are made there, by pino, rather than here between answers.
 */
const logger = (() => {
  let events: LogEvent[] = [];
  let lines = "";
  const flush = () => {
    tell({ type: "log", events, lines });
    events = [];
    lines = "";
  };
  const soon = () => events.length === 0 && lines === "" && setImmediate(flush);
  const at = (level: LogEvent[0]) =>
    !written(level, options.logLevel)
      ? () => {}
      : (msg: string, fields?: Record<string, unknown>) => {
          soon();
          events.push([level, msg, fields]);
        };
  return {
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    lines: written("info", options.logLevel)
      ? (text: string) => {
          soon();
          lines += text;
        }
      : null,
  };
})();
const tally = createRequestTally();
const pages = new LRUCache<string, FrontPage>({
  max: options.limits.maxPages,
  maxSize: options.limits.maxBytes,
  sizeCalculation: keptSize,
});
const answered = answerRecorder(logger.lines, tally.record, (path) => pages.peek(path)?.route ?? "unmatched");
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
  ANSWERED_EARLY_HEADER,
]);
// The app's socket is never closed from its side (keepAliveTimeout 0 there), so a kept connection is never
// found closed when reused.
const agent = new Agent({ keepAlive: true, maxFreeSockets: 32 });

/** Passes a request to the app and its answer back, streaming both ways. */
function passToApp(req: IncomingMessage, res: ServerResponse) {
  const headers: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) headers.push(raw[i]!, raw[i + 1]!);
  // Node's client sends a GET's body as it is, unframed, unless told to chunk it: the app would read the body
  // of a chunked GET as requests of its own.
  if (req.headers["transfer-encoding"] !== undefined) headers.push("Transfer-Encoding", "chunked");
  headers.push(CLIENT_ADDRESS_HEADER, req.socket.remoteAddress ?? "");
  const upstream = request(
    { socketPath: options.appSocket, agent, method: req.method, path: req.url, headers, setHost: false },
    (answer) => {
      const out: string[] = [];
      let close = draining;
      let early = false;
      const rawOut = answer.rawHeaders;
      for (let i = 0; i < rawOut.length; i += 2) {
        const name = rawOut[i]!.toLowerCase();
        if (name === "connection" && /\bclose\b/i.test(rawOut[i + 1]!)) close = true;
        if (name === ANSWERED_EARLY_HEADER) early = true;
        if (!HOP_BY_HOP.has(name)) out.push(rawOut[i]!, rawOut[i + 1]!);
      }
      // An answer given before the request's body has all arrived (413, 403…) closes the client's connection,
      // whose unread rest of the body would break its next request, and the app's, which waits for that rest.
      if (early) {
        close = true;
        req.unpipe(upstream);
        answer.once("end", () => upstream.destroy());
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

/** Node's HTTP server: every connection the front door hands over (below), never listening itself. */
const server = createServer((req, res) => {
  const started = performance.now();
  if (!draining && answerFromCache(pages, req, res)) return answered(req.method!, req.url, res.statusCode, started);
  passToApp(req, res);
});
server.keepAliveTimeout = options.keepAliveTimeout;
// What a listening server starts: the list of its connections, for closeIdleConnections() and the checks of
// headersTimeout and requestTimeout on the connections handed to it.
server.emit("listening");

/** The status lines of a kept page's answers, and the lines Node adds to each: the date, and keep-alive. */
const STATUS_LINE = { 200: "HTTP/1.1 200 OK\r\n", 304: "HTTP/1.1 304 Not Modified\r\n" };
const KEEP_ALIVE = `Connection: keep-alive\r\n${options.keepAliveTimeout ? `Keep-Alive: timeout=${Math.floor(options.keepAliveTimeout / 1000)}\r\n` : ""}\r\n`;
const dateLine = (() => {
  let line = "";
  const update = () => void (line = `Date: ${new Date().toUTCString()}\r\n`);
  update();
  setInterval(update, 1000).unref();
  return () => line;
})();
/** Each header list as the text of its lines, made once per list (the lists live as long as their page). */
const headerText = new WeakMap<readonly string[], string>();
function headLines(list: readonly string[]): string {
  let text = headerText.get(list);
  if (text === undefined) {
    text = "";
    for (let i = 0; i < list.length; i += 2) text += `${list[i]}: ${list[i + 1]}\r\n`;
    headerText.set(list, text);
  }
  return text;
}

/** The connections the front door still reads itself, each idle between requests by construction. */
const doorConnections = new Set<Socket>();

/**
 * The front door: reads each connection's requests itself while they are plain requests for kept pages
 * (server/kept-request.ts), and answers them with the bytes Node's server would have written, in one write;
 * at the first request that is anything else, it hands the connection, with the bytes not yet answered, to
 * Node's HTTP server for good. Node's parser then reads what it would have read from the start.
 */
const door = createListener({ noDelay: true }, (socket) => {
  doorConnections.add(socket);
  const handOver = (chunk: Buffer, at: number) => {
    doorConnections.delete(socket);
    socket.off("data", read);
    socket.off("error", ignore);
    socket.off("timeout", idle);
    socket.setTimeout(0);
    if (at < chunk.length) socket.unshift(chunk.subarray(at));
    server.emit("connection", socket);
  };
  const read = (chunk: Buffer) => {
    if (draining) return handOver(chunk, 0);
    const text = chunk.toString("latin1");
    let at = 0;
    while (at < text.length) {
      const started = performance.now();
      const request = readKeptRequest(text, at);
      const page = request && pages.get(request.url);
      if (!page) return handOver(chunk, at);
      const answer = keptAnswer(request.method, request.headers, page, "hit");
      socket.cork();
      socket.write(`${STATUS_LINE[answer.status]}${headLines(answer.headers)}${dateLine()}${KEEP_ALIVE}`, "latin1");
      if (answer.body) socket.write(answer.body);
      socket.uncork();
      answered(request.method, request.url, answer.status, started);
      at = request.end;
      // A client that asks faster than it reads: read no more of it until it has caught up, as Node's server does.
      if (socket.writableNeedDrain) {
        socket.pause();
        socket.once("drain", () => {
          socket.resume();
          // The rest of what was read, if any; nothing left, it waits as an idle connection does.
          read(chunk.subarray(at));
        });
        return;
      }
    }
    // Idle again: as long as Node would keep it open, waiting for the next request.
    socket.setTimeout(options.keepAliveTimeout);
  };
  // As Node's server: an idle connection is closed, one still sending an answer (bytes the kernel has not yet
  // taken) is not; its last write, when it completes, starts the wait again.
  const idle = () => socket.writableLength === 0 && socket.destroy();
  // A client that resets its connection: nothing to answer, nothing to say.
  const ignore = () => {};
  socket.on("data", read);
  socket.on("error", ignore);
  socket.on("timeout", idle);
  socket.once("close", () => doorConnections.delete(socket));
  // Before its first request, as long as Node gives a request's head to arrive.
  socket.setTimeout(server.headersTimeout);
});
door.once("error", (error: NodeJS.ErrnoException) => tell({ type: "failed", message: error.message, code: error.code }));
door.listen(options.port, options.host, () => {
  const address = door.address();
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
      // Stops the connection checks; Node's server holds no listener of its own to close.
      server.close(() => {});
      // Waits for every connection it accepted, those handed to Node's server too.
      door.close(() => {
        agent.destroy();
        // After the log's last events, which were queued first.
        setImmediate(() => tell({ type: "closed" }));
      });
      for (const socket of doorConnections) socket.end();
      break;
    case "close-idle":
      for (const socket of doorConnections) socket.end();
      server.closeIdleConnections();
      break;
    case "close-all":
      for (const socket of doorConnections) socket.destroy();
      server.closeAllConnections();
      break;
    case "tally":
      tell({ type: "tally", id: message.id, tallies: tally.all() });
      break;
  }
});
