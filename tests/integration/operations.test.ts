/**
 * What the people who run the site watch: /readyz for the load balancer, /metrics for Prometheus.
 * Against the built server, on PostgreSQL when one answers (the migrations check edits its table).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { connect } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spawnServer, startBuiltServer } from "../helpers/built-server";
import { spawnServerWithInboxKey, startBuiltServerWithInboxKey } from "../helpers/inbox-key";
import { createTestDatabase, hasPostgres } from "../helpers/databases";
import { freePort } from "../helpers/smtp";

const TOKEN = "metrics-token-for-tests-0123456789";

/** A server with none of the settings these tests turn on, for the tests that only ask it something. */
let plain: ReturnType<typeof startBuiltServer> | undefined;
const plainServer = () => (plain ??= startBuiltServer({}));
afterAll(async () => (await plain)?.close());

/** A contact message, as the JSON endpoint receives it. */
const sendMessage = (url: string, name: string, email: string) =>
  fetch(`${url}/api/submit-contact-form`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, email, subject: "Counting", message: "Is this counted?", agree_to_terms: true }),
  });

describe("/metrics", () => {
  let server: Awaited<ReturnType<typeof startBuiltServerWithInboxKey>>;
  beforeAll(async () => {
    server = await startBuiltServerWithInboxKey({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.close());
  const scrape = (authorization?: string) =>
    fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    }));
  const value = (text: string, series: string) =>
    Number(new RegExp(`^${series.replace(/[{}()[\]|.+*?^$\\]/g, "\\$&")} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);

  it("answers only a request that carries the token", async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-right-token-at-all")).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(200);
  });

  it("counts and times requests by route pattern, never by the address asked for", async () => {
    // Each answer read to its end: it is counted when it has been sent.
    for (const path of ["/communities/copts", "/communities/druze", "/no-such-page-4711"]) await (await fetch(server.url + path)).text();
    const { text } = await scrape(`Bearer ${TOKEN}`);
    expect(value(text, 'http_requests_total{method="GET",route="/communities/:community",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/communities/:community"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'http_requests_total{method="GET",route="/*",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("no-such-page-4711");
    expect(text).not.toContain("copts");
  });

  it("counts stored submissions, shows the outbox, the retention runs and the render cache", async () => {
    const before = value((await scrape(`Bearer ${TOKEN}`)).text, 'submissions_stored_total{form="contact",spam="false"}');
    expect((await sendMessage(server.url, "Metric Reader", "metrics@example.org")).status).toBe(201);
    const { text } = await scrape(`Bearer ${TOKEN}`);
    expect(value(text, 'submissions_stored_total{form="contact",spam="false"}')).toBe((Number.isNaN(before) ? 0 : before) + 1);
    expect(value(text, "outbox_backlog")).toBe(0); // mail is off here: nothing is queued
    expect(value(text, "outbox_oldest_unsent_age_seconds")).toBe(0);
    expect(value(text, 'retention_runs_total{result="done"}')).toBe(1); // once at start
    expect(value(text, "render_cache_pages")).toBeGreaterThanOrEqual(2);
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).not.toContain("metrics@example.org");
  });

  it("is not served at all without METRICS_TOKEN", async () => {
    const { url } = await plainServer();
    expect((await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe("/readyz", () => {
  it("is ready once the server has started, and says so", async () => {
    const res = await fetch(`${(await plainServer()).url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ status: "ready" });
  });

  it("fails as soon as the server is shutting down, while it finishes what is in flight", async () => {
    // A drain, so that the probe is answered whenever the server reads its head: with none, a server slowed by a
    // busy machine could still be waiting for those bytes when it closed its idle connections, and the probe got
    // no answer at all.
    const child = await spawnServer({ SHUTDOWN_DRAIN_MS: "2000" });
    const { port } = new URL(child.url);
    const open = () =>
      new Promise<import("node:net").Socket>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1", () => resolve(socket));
      });
    const answer = (socket: import("node:net").Socket) =>
      new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (d) => (text += d));
        socket.on("close", () => resolve(text));
      });
    // A slow upload keeps the server busy after SIGTERM; a second connection has begun asking for /readyz.
    const upload = await open();
    const uploaded = answer(upload);
    upload.write("POST /api/submit-contact-form HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{");
    const probe = await open();
    const probed = answer(probe);
    probe.write("GET /readyz HTTP/1.1\r\nHost: x\r\n");
    await new Promise((r) => setTimeout(r, 200));
    child.child.kill("SIGTERM");
    await vi.waitFor(() => expect(child.output()).toContain('"msg":"draining'), { timeout: 10_000 });
    probe.write("Connection: close\r\n\r\n");
    expect(await probed).toMatch(/^HTTP\/1.1 503[^]*"shutting down"/);
    upload.end(`${" ".repeat(199)}`);
    await uploaded;
    expect(await child.exited).toBe(0);
  });

  it.runIf(hasPostgres)("fails while a migration this build needs is missing from the database", async () => {
    const { url, drop } = await createTestDatabase("migrated");
    const server = await startBuiltServer({ DATABASE_URL: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const [newest] = (await client.query("select * from drizzle.__drizzle_migrations order by created_at desc limit 1")).rows;
      await client.query("delete from drizzle.__drizzle_migrations where id = $1", [newest.id]);
      const missing = await fetch(`${server.url}/readyz`);
      expect(missing.status).toBe(503);
      expect(await missing.json()).toEqual({ status: "migrations pending" });
      await client.query("insert into drizzle.__drizzle_migrations (id, hash, created_at) values ($1, $2, $3)", [
        newest.id,
        newest.hash,
        newest.created_at,
      ]);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await client.end();
      await server.close();
      await drop();
    }
  });
});

const hasRedis = spawnSync("redis-server", ["--version"]).status === 0;

describe.runIf(hasRedis)("the shared rate-limit store (REDIS_URL)", () => {
  /** A Redis of the test's own, on a port of its own, that keeps nothing on disk. */
  async function startRedis(port: number): Promise<ChildProcess> {
    const redis = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    redis.stdout!.on("data", (d) => (out += d));
    await vi.waitFor(() => expect(out).toContain("Ready to accept connections"), { timeout: 10_000 });
    return redis;
  }
  const stop = async (redis: ChildProcess) => {
    redis.kill("SIGKILL");
    await once(redis, "exit");
  };

  it("tells the operator once when Redis is gone and once when it is back, in the log and in /metrics, and keeps taking submissions", async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const server = await spawnServerWithInboxKey({ REDIS_URL: `redis://127.0.0.1:${port}`, METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
    const up = () =>
      fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
        .then((r) => r.text())
        .then((t) => /^rate_limit_store_up (\d)$/m.exec(t)?.[1]);
    const lines = (text: string) =>
      server
        .output()
        .split("\n")
        .filter((l) => l.includes(text)).length;
    const GONE = "the shared rate-limit store (Redis) is unreachable";
    const BACK = "the shared rate-limit store (Redis) answers";
    try {
      await vi.waitFor(async () => expect(await up()).toBe("1"), { timeout: 10_000 });
      await stop(redis);
      await vi.waitFor(async () => expect(await up()).toBe("0"), { timeout: 10_000 });
      for (let i = 0; i < 3; i++) {
        // Counted in memory meanwhile: nothing is refused, nothing lost.
        expect((await sendMessage(server.url, "Redis Gone", `gone${i}@example.org`)).status).toBe(201);
      }
      // ioredis keeps trying to reconnect; the operator hears of it once, not at every attempt.
      await new Promise((r) => setTimeout(r, 1500));
      expect(lines(GONE)).toBe(1);
      redis = await startRedis(port);
      await vi.waitFor(async () => expect(await up()).toBe("1"), { timeout: 15_000 });
      expect(lines(BACK)).toBe(2); // at start, and now
      expect(lines(GONE)).toBe(1);
      expect(server.output()).toMatch(new RegExp(`"level":"warn"[^\n]*${GONE.replace(/[()]/g, "\\$&")}`));
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      await stop(redis);
    }
  });
});
