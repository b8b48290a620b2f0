/**
 * The publishing step under real faults (issue 31), on the built server in this process: the search table
 * missing and a broken document in the store, on both databases; the database stopping in the middle of a
 * publish, on PostgreSQL (the embedded one stops only with the process). In each, the process stays alive,
 * pages answer 200 with the content before, the failure is logged once and counted, and once the fault is
 * fixed the change shows. Then two changes at once on two instances: both end on the newest content, and no
 * instance runs two publishes at once.
 */
import { createServer, type Server, type Socket, connect } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contentFiles } from "../../app/content/content.server";
import type { ContentStore } from "../../app/content/store.server";
import { bumpContentVersion, readContentVersion } from "../../db/content-version.server";
import { openDatabase, type Database, type DatabaseHandle } from "../../db/client.server";
import { ADVISORY_LOCKS } from "../../db/locks";
import type { RunningServer } from "../../server/app";
import { startBuiltServerHere } from "../helpers/built-server";
import { contentOn } from "../helpers/content-store";
import { createTestDatabase, hasPostgres, serverPlaces } from "../helpers/databases";

const TOKEN = "publishing-metrics-token";
const PAGE = "/communities/druze";
const DOCUMENT = "communities/druze.md";

/** An unhandled rejection would stop a server as it runs in production: none may happen here. */
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => void rejections.push(reason);
beforeAll(() => void process.on("unhandledRejection", onRejection));
afterAll(() => void process.off("unhandledRejection", onRejection));
afterEach(() => expect(rejections).toEqual([]));

/** The built server with its log lines kept, retrying a failed publish quickly. */
async function watchedServer(env: Record<string, string>) {
  const lines: Record<string, unknown>[] = [];
  const server = await startBuiltServerHere(
    { LOG_LEVEL: "info", METRICS_TOKEN: TOKEN, ...env },
    { log: (line) => lines.push(JSON.parse(line)), services: { publishing: { retryFirstMs: 100 } } },
  );
  const failures = () => lines.filter((l) => String(l.msg).startsWith("publishing failed"));
  const metric = async (name: string) => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, "gm"))].reduce((sum, m) => sum + Number(m[1]), 0);
  };
  const page = async () => {
    const res = await fetch(`${server.url}${PAGE}`);
    return { status: res.status, text: await res.text() };
  };
  return { server, lines, failures, metric, page };
}

/** A change to the community page, saved as another instance would save it: the server hears of it through its poll. */
async function saveSentence(store: ContentStore, sentence: string) {
  const stored = (await store.get(DOCUMENT))!;
  const source = stored.source.replace(/^## Under Attack\n/m, `## Under Attack\n\n${sentence}\n`);
  const saved = await store.save({ path: DOCUMENT, revision: stored.revision, source, savedBy: "staff-test" });
  expect(saved).toMatchObject({ revision: stored.revision + 1 });
}

for (const place of serverPlaces("memory"))
  describe(`a failed publish on ${place.name}`, () => {
    let site: Awaited<ReturnType<typeof watchedServer>>;
    let drop: () => Promise<void>;
    let db: Database;
    let store: ContentStore;
    beforeAll(async () => {
      const made = await place.make();
      drop = made.drop;
      site = await watchedServer(made.env);
      db = site.server.database.db;
      ({ store } = await contentOn(db));
    });
    afterAll(async () => {
      await site?.server.close();
      await drop?.();
    });

    it("with the search table missing: the content before serves, one log line, counted; renamed back, the change shows", async () => {
      const before = await site.page();
      expect(before.status).toBe(200);
      await db.execute(sql`alter table search_documents rename to search_documents_away`);
      try {
        await saveSentence(store, "A sentence saved while the search table was away.");
        // Several retries fail, each counted, none logged again.
        await expect.poll(() => site.metric("content_publish_failures_total"), { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
        expect(site.failures()).toHaveLength(1);
        expect(site.failures()[0]).toMatchObject({ level: "error", step: "index", error: "DrizzleQueryError", code: "42P01" });
        expect(JSON.stringify(site.failures())).not.toMatch(/select|insert|search_documents_away/i);
        expect(await site.metric("content_behind")).toBe(1);
        expect(await site.page()).toEqual(before);
      } finally {
        await db.execute(sql`alter table search_documents_away rename to search_documents`);
      }
      await expect.poll(async () => (await site.page()).text, { timeout: 20_000 }).toContain("while the search table was away");
      expect(await site.metric("content_behind")).toBe(0);
      expect(site.lines.some((l) => String(l.msg).startsWith("publishing recovered"))).toBe(true);
    });

    it("with a broken document in the store: the content before serves, one log line, counted; mended, the change shows", async () => {
      const logged = site.failures().length;
      const failed = await site.metric("content_publish_failures_total");
      const before = await site.page();
      // What no editor can save, but a bad restore or a hand-edited database can leave.
      await db.transaction(async (tx) => {
        await tx.execute(sql`update content_documents set source = 'not a page at all' where path = ${DOCUMENT}`);
        await bumpContentVersion(tx);
      });
      await expect.poll(() => site.metric("content_publish_failures_total"), { timeout: 20_000 }).toBeGreaterThanOrEqual(failed + 3);
      expect(site.failures().slice(logged)).toEqual([expect.objectContaining({ step: "build", error: "ContentError" })]);
      expect(await site.page()).toEqual(before);
      const mended = contentFiles[DOCUMENT]!.replace(/^## Under Attack\n/m, "## Under Attack\n\nA sentence from the mended document.\n");
      await db.transaction(async (tx) => {
        await tx.execute(sql`update content_documents set source = ${mended} where path = ${DOCUMENT}`);
        await bumpContentVersion(tx);
      });
      await expect.poll(async () => (await site.page()).text, { timeout: 20_000 }).toContain("A sentence from the mended document.");
    });
  });

/** A TCP relay between the server and PostgreSQL, which the test can cut and restore: a database that stops and comes back. */
async function relayTo(port: number) {
  const sockets = new Set<Socket>();
  const listen = (server: Server, at: number) => new Promise<void>((ok) => server.listen(at, "127.0.0.1", ok));
  const make = () =>
    createServer((client) => {
      const upstream = connect(port, "127.0.0.1");
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on("close", () => sockets.delete(s));
        s.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
  let relay = make();
  let down = false;
  await listen(relay, 0);
  const at = (relay.address() as { port: number }).port;
  return {
    port: at,
    /** Every connection dropped, and none taken, as when the database stops. */
    async cut() {
      down = true;
      await new Promise((closed) => {
        relay.close(closed);
        for (const s of sockets) s.destroy();
      });
    },
    /** The database is back (nothing to do if it never stopped). */
    async restore() {
      if (!down) return;
      down = false;
      relay = make();
      await listen(relay, at);
    },
    close: () => new Promise((closed) => relay.close(closed)),
  };
}

describe.runIf(hasPostgres)("the database stopping in the middle of a publish, on PostgreSQL", () => {
  let site: Awaited<ReturnType<typeof watchedServer>>;
  let direct: DatabaseHandle;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createTestDatabase("migrated");
    drop = made.drop;
    relay = await relayTo(Number(new URL(made.url).port || 5432));
    const throughRelay = new URL(made.url);
    throughRelay.port = String(relay.port);
    site = await watchedServer({ DATABASE_URL: throughRelay.toString() });
    direct = await openDatabase({ databaseUrl: made.url });
  });
  afterAll(async () => {
    // A failed test may leave the database cut off, and the server would wait for it to close.
    await relay?.restore();
    await site?.server.close();
    await relay?.close();
    await direct?.close();
    await drop?.();
  });

  it("keeps serving the content before, logs the failure once, and publishes the change once the database is back", async () => {
    const before = await site.page();
    const { store } = await contentOn(direct.db);
    // The test holds the index's lock, so the server's publish waits inside its index step…
    const holder = await direct.pgPool!.connect();
    await holder.query("select pg_advisory_lock($1)", [ADVISORY_LOCKS.searchIndex]);
    try {
      await saveSentence(store, "A sentence saved while the database stopped.");
      const waiting = async () =>
        (
          await holder.query(
            "select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())",
          )
        ).rows[0].n;
      await expect.poll(waiting, { timeout: 20_000 }).toBe(1);
      // …and the database stops under it.
      await relay.cut();
      await expect.poll(() => site.failures().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
      expect(site.failures()[0]).toMatchObject({ step: "index" });
      expect(await site.page()).toEqual(before);
    } finally {
      await holder.query("select pg_advisory_unlock($1)", [ADVISORY_LOCKS.searchIndex]);
      holder.release();
    }
    await relay.restore();
    await expect.poll(async () => (await site.page()).text, { timeout: 30_000 }).toContain("A sentence saved while the database stopped.");
    // Each failure is logged once, however often it is retried. Its retries may fail otherwise (the connection
    // dropped, then refused), and a busy machine may see more of them before the poll does: each line must say
    // something the line before it did not.
    const said = site.failures().map((line) => JSON.stringify([line.step, line.error, line.code, line.detail]));
    expect(said.filter((what, i) => what === said[i - 1])).toEqual([]);
    expect(await site.metric("content_publish_failures_total")).toBeGreaterThanOrEqual(1);
  });
});

describe.runIf(hasPostgres)("two changes at once, on two instances sharing one PostgreSQL", () => {
  const runs: string[][] = [[], []];
  let servers: RunningServer[] = [];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createTestDatabase("migrated");
    drop = made.drop;
    for (const i of [0, 1])
      servers.push(
        await startBuiltServerHere(
          { DATABASE_URL: made.url, LOG_LEVEL: "warn" },
          { services: { publishing: { report: { ran: (event) => void runs[i]!.push(event) } } } },
        ),
      );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
    await drop?.();
  });

  it("both end on the newest content, with both changes, and neither instance overlaps two publishes", async () => {
    const [a, b] = servers.map((s) => s.services.app.contentStore) as [ContentStore, ContentStore];
    const rename = async (store: ContentStore, path: string, name: string) => {
      const stored = (await store.get(path))!;
      return store.save({
        path,
        revision: stored.revision,
        source: stored.source.replace(/^name: .*$/m, `name: ${name}`),
        savedBy: "staff-test",
      });
    };
    const [savedA, savedB] = await Promise.all([
      rename(a, "communities/copts.md", "Copts (edited on the first)"),
      rename(b, "communities/sikhs.md", "Sikhs (edited on the second)"),
    ]);
    expect([savedA, savedB]).toEqual([expect.objectContaining({ live: true }), expect.objectContaining({ live: true })]);
    const newest = await readContentVersion(servers[0]!.database.db);
    for (const server of servers) {
      await expect.poll(() => server.services.publisher.current().version, { timeout: 10_000 }).toBe(newest);
      const names = server.services.publisher.current().communities.map((c) => c.name);
      expect(names).toEqual(expect.arrayContaining(["Copts (edited on the first)", "Sikhs (edited on the second)"]));
      for (const [path, name] of [
        ["/communities/copts", "Copts (edited on the first)"],
        ["/communities/sikhs", "Sikhs (edited on the second)"],
      ] as const)
        expect(await (await fetch(`${server.url}${path}`)).text()).toContain(name);
    }
    // Each instance's runs start and end in turn: never two at once.
    for (const events of runs) {
      expect(events.length).toBeGreaterThan(2);
      expect(events.every((event, i) => event === (i % 2 === 0 ? "start" : "end"))).toBe(true);
    }
  });
});
