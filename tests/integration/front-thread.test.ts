/**
 * The front thread (server/front.ts, built as build/server/front.js) in front of a small app: what it answers
 * itself, what it passes on and how, and what it tells the app. The site's own pages through it are compared
 * with the full Express stack in render-cache.test.ts.
 */
import { request, type IncomingMessage, type RequestListener } from "node:http";
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it } from "vitest";
import type { AnswerTally } from "../../server/answered";
import { startFrontThread, type FrontThread } from "../../server/front-thread";
import { createLogger } from "../../server/logger";
import type { Metrics } from "../../server/metrics";
import { createRenderCache, sharedPage, type RenderCache } from "../../server/render-cache";
import { assertBuilt, root } from "../helpers/built-server";

interface Seen {
  path: string;
  address: string | undefined;
  headers: IncomingMessage["headers"];
}

let front: FrontThread | null = null;
afterEach(async () => {
  await new Promise<void>((closed) => front?.close(closed) ?? closed());
  front = null;
});

/** The front thread on a free port before `app`, with what the app saw, the log lines and the tallies. */
async function start(app: RequestListener = (_req, res) => res.end("from the app"), keepAliveTimeout = 5_000) {
  assertBuilt();
  const seen: Seen[] = [];
  const lines: string[] = [];
  let tallies: () => Promise<AnswerTally[]> = async () => [];
  const cache = createRenderCache();
  front = await startFrontThread({
    port: 0,
    host: "127.0.0.1",
    keepAliveTimeout,
    logLevel: "info",
    logger: createLogger("info", (line) => lines.push(line)),
    renderCache: cache,
    metrics: { countAnswersOf: (read: typeof tallies) => void (tallies = read) } as unknown as Metrics,
    routeOf: () => "/:page",
    listener: (req, res) => {
      seen.push({ path: req.url!, address: req.socket.remoteAddress, headers: req.headers });
      app(req, res);
    },
    entry: join(root, "build", "server", "front.js"),
  });
  return { url: `http://127.0.0.1:${front.port}`, cache, seen, lines, tallies: () => tallies() };
}

async function keep(cache: RenderCache, key: string, html: string) {
  cache.begin(key)(await sharedPage(html, { "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=60" }));
  // The page reaches the front thread as a message.
  await sleep(50);
}

/** One request on a connection of its own, with its answer's status, headers and body. */
function ask(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {}) {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject).end(options.body);
  });
}

/** A kept-alive connection, as a browser's: `send` writes bytes and gives back all that came back until it went quiet. */
async function connection(url: string) {
  const socket: Socket = connect(Number(new URL(url).port), "127.0.0.1");
  await new Promise((connected) => socket.once("connect", connected));
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
  return {
    socket,
    /**
     * Writes `parts` a moment apart and resolves to what comes back once it matches `answered`, or after a minute:
     * the test's own assertion then says what came instead. Waiting for a quiet spell instead returned too soon
     * on a busy machine, before the answer had come.
     */
    async send(parts: string | string[], answered: RegExp) {
      received = "";
      for (const part of [parts].flat()) {
        socket.write(part);
        await sleep(20);
      }
      return this.until((text) => answered.test(text));
    },
    /** All that came back once `done` holds of it, or after a minute. */
    async until(done: (received: string) => boolean) {
      for (const deadline = Date.now() + 60_000; !done(received) && Date.now() < deadline;) await sleep(20);
      return received;
    },
  };
}

const withoutDate = (answer: string) => answer.replace(/\r\nDate: [^\r]+/g, "");
const plainGet = (path: string, more = "") => `GET ${path} HTTP/1.1\r\nHost: site.example\r\nAccept-Encoding: identity\r\n${more}\r\n`;

describe("the front thread", () => {
  it("answers a kept page itself, counts and logs it, and passes everything else to the app", async () => {
    const site = await start();
    await keep(site.cache, "/kept", "<!DOCTYPE html><p>kept</p>");
    const kept = await ask(`${site.url}/kept`, { headers: { "accept-encoding": "identity" } });
    expect(kept).toMatchObject({ status: 200, body: "<!DOCTYPE html><p>kept</p>" });
    expect(kept.headers["x-render-cache"]).toBe("hit");
    expect((await ask(`${site.url}/other`)).body).toBe("from the app");
    // A query string is another address, never the kept one.
    expect((await ask(`${site.url}/kept?x=1`)).body).toBe("from the app");
    expect(site.seen.map((s) => s.path)).toEqual(["/other", "/kept?x=1"]);

    await sleep(50);
    expect(site.lines.some((line) => /"msg":"request","method":"GET","path":"\/kept","status":200/.test(line))).toBe(true);
    const [tally] = await site.tallies();
    expect(tally).toMatchObject({ labels: { method: "GET", route: "/:page" }, count: 1 });
    expect([...tally!.byStatus]).toEqual([[200, 1]]);
  });

  it("answers plain requests for kept pages on the connection itself, then hands it to Node's server at the first other request, byte for byte the same", async () => {
    const site = await start();
    await keep(site.cache, "/kept", "<p>kept</p>");
    const browser = await connection(site.url);
    // Two requests in one write, pipelined, as a browser may send them.
    const two = await browser.send(
      plainGet("/kept") + "HEAD /kept HTTP/1.1\r\nHost: site.example\r\n\r\n",
      /<\/p>HTTP\/1\.1 [^]*\r\n\r\n$/,
    );
    const [get, head] = two.split(/(?=HTTP\/1\.1 )/);
    expect(get).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[^]*X-Render-Cache: hit\r\n[^]*Connection: keep-alive\r\nKeep-Alive: timeout=5\r\n\r\n<p>kept<\/p>$/,
    );
    expect(head).toBe(get!.replace("<p>kept</p>", ""));
    const etag = /ETag: (.+)\r\n/.exec(get!)![1]!;
    const notModified = /^HTTP\/1\.1 304 Not Modified\r\n[^]*\r\n\r\n$/;
    expect(await browser.send(plainGet("/kept", `If-None-Match: ${etag}\r\n`), notModified)).toMatch(notModified);
    // Not a kept page: the connection is Node's from here on, and answers the kept page as it did.
    const handed = await browser.send(plainGet("/other") + plainGet("/kept"), /<p>kept<\/p>$/);
    expect(handed).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nfrom the app/);
    expect(withoutDate(handed.slice(handed.lastIndexOf("HTTP/1.1 ")))).toBe(withoutDate(get!));
    expect(site.seen.map((s) => s.path)).toEqual(["/other"]);
    const [tally] = await site.tallies();
    expect(tally).toMatchObject({ labels: { method: "GET", route: "/:page" }, count: 3 });
    expect([...tally!.byStatus].sort()).toEqual([
      [200, 2],
      [304, 1],
    ]);
    browser.socket.destroy();
  });

  it("answers a client that asks faster than it reads as it catches up, every answer in order", async () => {
    const site = await start();
    // Random bytes do not compress: each answer is 100 KB, and the socket's buffers fill long before the last.
    await keep(site.cache, "/large", `<p>${randomBytes(75_000).toString("base64")}</p>`);
    const client = await connection(site.url);
    client.socket.pause();
    client.socket.write(Array.from({ length: 300 }, () => plainGet("/large")).join(""));
    await sleep(200);
    // Only as many answered as the sockets' buffers hold: the rest are read when there is room.
    const [whilePaused] = await site.tallies();
    expect(whilePaused!.count).toBeLessThan(300);
    client.socket.resume();
    const answersIn = (text: string) => text.split(/(?=HTTP\/1\.1 )/);
    const answers = answersIn(await client.until((text) => answersIn(text).length === 300 && text.endsWith("</p>")));
    expect(answers).toHaveLength(300);
    expect(new Set(answers.map(withoutDate)).size).toBe(1);
    client.socket.destroy();
  });

  it("does not close a connection whose reader is slower than the keep-alive time, and closes it once idle", async () => {
    const site = await start(undefined, 1_000);
    await keep(site.cache, "/small", "<p>small</p>");
    // Eight megabytes said, a few kilobytes kept: more than the sockets' buffers hold.
    await keep(site.cache, "/large", `<p>${"words ".repeat(1_400_000)}</p>`);
    const slow = await connection(site.url);
    await slow.send(plainGet("/small"), /<p>small<\/p>$/);
    slow.socket.pause();
    slow.socket.write(plainGet("/large"));
    // Longer than the keep-alive time with nothing moving: the answer is still being sent.
    await sleep(2_500);
    const closed = new Promise((done) => slow.socket.once("close", done));
    slow.socket.resume();
    const answer = await slow.until((text) => text.length > 8_400_000 && text.endsWith("</p>"));
    expect(answer.length).toBeGreaterThan(8_400_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*<\/p>$/);
    await closed;
  });

  it("leaves to Node's server every request it does not read the one way Node does: a body, HTTP/1.0, a head cut in two", async () => {
    const site = await start((req, res) => req.resume().on("end", () => res.end(`app: ${req.method} ${req.url}`)));
    await keep(site.cache, "/kept", "<p>kept</p>");
    const hidden = plainGet("/hidden");
    // Were the body taken for a request of its own, /hidden would reach the app.
    const smuggled = [
      `GET /kept HTTP/1.1\r\nHost: site.example\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`,
      `GET /kept HTTP/1.1\r\nHost: site.example\r\nTransfer-Encoding: chunked\r\n\r\n${hidden.length.toString(16)}\r\n${hidden}\r\n0\r\n\r\n`,
    ];
    for (const attempt of smuggled) {
      const client = await connection(site.url);
      const answered = /\r\n\r\napp: GET \/kept$/;
      expect(await client.send(attempt, answered)).toMatch(answered);
      client.socket.destroy();
    }
    expect(site.seen.map((s) => s.path)).toEqual(["/kept", "/kept"]);

    const old = await connection(site.url);
    expect(await old.send("GET /kept HTTP/1.0\r\n\r\n", /<p>kept<\/p>$/)).toMatch(
      /^HTTP\/1\.1 200 OK\r\n[^]*Connection: close\r\n[^]*<p>kept<\/p>$/,
    );
    const slow = await connection(site.url);
    const whole = /^HTTP\/1\.1 200 OK\r\n[^]*<p>kept<\/p>$/;
    expect(await slow.send(["GET /kept HTTP/1.1\r\nHo", "st: site.example\r\nAccept-Encoding: identity\r\n\r\n"], whole)).toMatch(whole);
    slow.socket.destroy();
  });

  it("closes the connections it holds, idle or handed over, when it closes", async () => {
    const site = await start();
    await keep(site.cache, "/kept", "<p>kept</p>");
    const idle = [await connection(site.url), await connection(site.url)];
    await idle[0]!.send(plainGet("/kept"), /<p>kept<\/p>$/);
    await idle[1]!.send(plainGet("/other"), /from the app$/);
    const closed = idle.map(({ socket }) => new Promise((done) => socket.once("close", done)));
    await new Promise<void>((done) => front!.close(done));
    front = null;
    await Promise.all(closed);
  });

  it("forgets every kept page when the render cache is cleared", async () => {
    const site = await start();
    await keep(site.cache, "/kept", "<p>kept</p>");
    site.cache.clear();
    await sleep(50);
    expect((await ask(`${site.url}/kept`)).body).toBe("from the app");
  });

  it("gives the app the client's own address, whatever the client claims", async () => {
    const site = await start();
    await ask(`${site.url}/who`, { headers: { "x-front-client-address": "203.0.113.9", "x-forwarded-for": "198.51.100.7" } });
    expect(site.seen[0]!.address).toBe("127.0.0.1");
    expect(site.seen[0]!.headers["x-front-client-address"]).toBeUndefined();
    // Forwarded headers are the app's to judge, with TRUST_PROXY, as before.
    expect(site.seen[0]!.headers["x-forwarded-for"]).toBe("198.51.100.7");
  });

  it("streams a body to the app and its answer back, and closes the client's connection when the app answers early", async () => {
    const site = await start((req, res) => {
      if (req.url === "/early") return void res.writeHead(413, { Connection: "close" }).end("too large");
      let length = 0;
      req.on("data", (chunk: Buffer) => (length += chunk.length));
      req.on("end", () => {
        res.write(`${length} bytes;`);
        setTimeout(() => res.end(" done"), 20);
      });
    });
    const body = Buffer.alloc(300_000, 1);
    expect((await ask(`${site.url}/upload`, { method: "POST", body })).body).toBe("300000 bytes; done");
    const early = await ask(`${site.url}/early`, { method: "POST", body: Buffer.alloc(1000) });
    expect(early).toMatchObject({ status: 413, body: "too large" });
    expect(early.headers.connection).toBe("close");
    // While the front thread is still sending a large body, the app's early answer reaches the client (or the
    // client, still sending, meets the closed connection first, as from Node's own server), never a 502 from a
    // broken pipe to the app. It did one time in about a hundred.
    const statuses = new Set<number | string>();
    for (let i = 0; i < 60; i++)
      statuses.add(
        await ask(`${site.url}/early`, { method: "POST", body: Buffer.alloc(2_000_000) }).then(
          (a) => a.status,
          () => "reset",
        ),
      );
    expect([...statuses].filter((status) => status !== "reset")).toEqual([413]);
    expect((await ask(`${site.url}/upload`, { method: "POST", body })).body).toBe("300000 bytes; done");
  });

  it("while the instance drains, leaves kept pages to the app and asks every client to reconnect", async () => {
    const site = await start();
    await keep(site.cache, "/kept", "<p>kept</p>");
    front!.drain();
    await sleep(50);
    const answer = await ask(`${site.url}/kept`);
    expect(answer.body).toBe("from the app");
    expect(answer.headers.connection).toBe("close");
  });

  it("answers 502 when the app fails, and carries on", async () => {
    const site = await start((req, res) => (req.url === "/fail" ? res.socket!.destroy() : res.end("fine")));
    expect((await ask(`${site.url}/fail`)).status).toBe(502);
    expect((await ask(`${site.url}/after`)).body).toBe("fine");
    expect(site.lines.some((line) => line.includes('"msg":"the app did not answer"'))).toBe(true);
  });

  it("is started again when it stops, and keeps pages again", async () => {
    const site = await start();
    // A page kept without its header lists makes the front thread throw when it is asked for.
    site.cache.begin("/broken")({ br: Buffer.from("x"), gzip: Buffer.from("x"), validators: { etag: 'W/"x"' }, answers: {} } as never);
    await sleep(50);
    await expect(ask(`${site.url}/broken`)).rejects.toThrow();
    for (let i = 0; i < 100 && !site.lines.some((line) => line.includes("starting it again")); i++) await sleep(50);
    let answer = await ask(`${site.url}/kept`).catch(() => null);
    for (let i = 0; i < 100 && !answer; i++) answer = await sleep(50).then(() => ask(`${site.url}/kept`).catch(() => null));
    expect(answer?.body).toBe("from the app");
    await keep(site.cache, "/kept", "<p>kept again</p>");
    expect((await ask(`${site.url}/kept`)).body).toBe("<p>kept again</p>");
  });
});
