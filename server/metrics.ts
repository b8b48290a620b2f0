/**
 * `/metrics` in Prometheus's format (prom-client), served only when METRICS_TOKEN is set and only to a
 * request that carries it. Routes are labelled by their pattern (`/communities/:community`), never by the
 * address asked for, so a scan of made-up paths cannot grow the series.
 */
import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from "prom-client";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { count, isNull, min } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import { CACHE_CONTROL } from "../app/lib/http";
import { createRequestTally, DURATION_BUCKETS, mergeTallies, type AnswerTally } from "./answered";

/** The route pattern a path belongs to, from React Router's own route table. */
export function routePatterns(build: ServerBuild): (path: string) => string {
  const children = (parentId: string | undefined): RouteObject[] =>
    Object.values(build.routes)
      .filter((r) => r?.parentId === parentId)
      .map(
        (r) => ({ id: r!.id, path: r!.path, index: r!.index, caseSensitive: r!.caseSensitive, children: children(r!.id) }) as RouteObject,
      );
  const tree = children(undefined);
  // matchRoutes ranks the whole route table on every call: a few hundred microseconds, too slow for
  // every request, so the answer for each recent path is remembered.
  const known = new LRUCache<string, string>({ max: 2000 });
  return (path) => {
    let pattern = known.get(path);
    if (pattern === undefined) {
      const matches = matchRoutes(tree, path);
      const joined = matches
        ?.map((m) => m.route.path)
        .filter(Boolean)
        .join("/");
      pattern = joined === undefined ? "unmatched" : `/${joined}`.replace(/\/+/g, "/");
      known.set(path, pattern);
    }
    return pattern;
  };
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, tallied as plain numbers on each answer
 * (server/answered.ts) and handed to prom-client only when /metrics is read. Its `inc()` and `observe()`
 * check and join their labels on every call, a cost each kept page would pay. The registry reads any object
 * with a name and a `get()` in its own format, as `Registry.merge` does, and writes the text itself. The front
 * thread's tallies (server/front.ts), when there is one, are asked for at each scrape and added.
 */
function requestSeries(registry: Registry) {
  const tally = createRequestTally();
  let others: () => Promise<AnswerTally[]> = async () => [];
  const all = async () => mergeTallies([tally.all(), await others().catch(() => [])]);

  /** Registers a series the registry reads at each scrape, as it would read one of its own. */
  const expose = (name: string, help: string, type: "counter" | "histogram", values: () => Promise<object[]>) =>
    registry.registerMetric({
      name,
      help,
      get: async () => ({ name, help, type, aggregator: "sum", values: await values() }),
      reset: () => tally.clear(),
    } as unknown as Metric);

  expose("http_requests_total", "Requests answered, by method, route pattern and status", "counter", async () =>
    (await all()).flatMap(({ labels, byStatus }) =>
      [...byStatus].map(([status, value]) => ({ labels: { ...labels, status: String(status) }, value })),
    ),
  );
  const duration = "http_request_duration_seconds";
  expose(duration, "Time to answer a request, by method and route pattern", "histogram", async () =>
    (await all()).flatMap(({ labels, count, sum, buckets }) => {
      let below = 0;
      const bounds = [...DURATION_BUCKETS.map((le, i) => ({ le, value: (below += buckets[i]!) })), { le: "+Inf", value: count }];
      return [
        ...bounds.map(({ le, value }) => ({ metricName: `${duration}_bucket`, labels: { ...labels, le }, value })),
        { metricName: `${duration}_sum`, labels, value: sum },
        { metricName: `${duration}_count`, labels, value: count },
      ];
    }),
  );

  return {
    record: tally.record,
    /** Answers tallied elsewhere (the front thread), read at each scrape. */
    addSource: (read: () => Promise<AnswerTally[]>) => void (others = read),
  };
}

/** Every series the site reports, registered once. */
function defineSeries() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const submissions = new Counter({
    name: "submissions_stored_total",
    help: "Form submissions stored, by form, and whether they were filed as spam",
    labelNames: ["form", "spam"] as const,
    registers: [registry],
  });
  const retentionRuns = new Counter({
    name: "retention_runs_total",
    help: "Retention runs on this instance: done, skipped (another instance held the lock) or failed",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const retentionDeleted = new Counter({
    name: "retention_deleted_total",
    help: "Submissions deleted by retention, by table",
    labelNames: ["table"] as const,
    registers: [registry],
  });
  // Never the terms searched: only whether anything was found.
  const searches = new Counter({
    name: "searches_total",
    help: "Site searches answered, by whether they found anything (found or none)",
    labelNames: ["results"] as const,
    registers: [registry],
  });
  const renderCachePages = new Gauge({ name: "render_cache_pages", help: "Content pages kept in memory", registers: [registry] });
  const publishFailures = new Counter({
    name: "content_publish_failures_total",
    help: "Runs of the publishing step that failed, by step (build, index, swap); the content before keeps serving",
    labelNames: ["step"] as const,
    registers: [registry],
  });
  const publishSeconds = new Counter({
    name: "content_publish_seconds_total",
    help: "Time spent by runs of the publishing step that brought an edition live",
    registers: [registry],
  });
  const published = new Counter({ name: "content_published_total", help: "Editions of the content brought live", registers: [registry] });
  const contentBehind = new Gauge({
    name: "content_behind",
    help: "1 while this instance serves an older edition of the content than the database holds (publishing is failing)",
    registers: [registry],
  });
  const sharedLimits = new Gauge({
    name: "rate_limit_store_up",
    help: "1 while the shared rate-limit store (Redis) answers; 0 while each instance counts alone. Absent without REDIS_URL",
    registers: [registry],
  });
  // Read from the database at each scrape: the outbox is shared by every instance.
  const backlog = new Gauge({ name: "outbox_backlog", help: "Notification emails not yet sent", registers: [registry] });
  const oldest = new Gauge({
    name: "outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest notification email not yet sent (0 when none)",
    registers: [registry],
  });
  return {
    registry,
    requests: requestSeries(registry),
    submissions,
    searches,
    retentionRuns,
    retentionDeleted,
    renderCachePages,
    publishing: { failures: publishFailures, seconds: publishSeconds, published, behind: contentBehind },
    sharedLimits,
    backlog,
    oldest,
  };
}

export function createMetrics(db: Database) {
  const {
    registry,
    requests,
    submissions,
    searches,
    retentionRuns,
    retentionDeleted,
    renderCachePages,
    publishing,
    sharedLimits,
    backlog,
    oldest,
  } = defineSeries();
  let renderCacheSize = () => 0;

  async function readOutbox() {
    const [row] = await db
      .select({ waiting: count(), since: min(emailOutbox.createdAt) })
      .from(emailOutbox)
      .where(isNull(emailOutbox.sentAt));
    backlog.set(row?.waiting ?? 0);
    oldest.set(row?.since ? Math.max(0, (Date.now() - new Date(row.since).getTime()) / 1000) : 0);
  }

  return {
    registry,
    /** Counts and times one answer, under its route's pattern. */
    requestAnswered: requests.record,
    /** The answers the front thread gave, read at each scrape. */
    countAnswersOf: requests.addSource,
    submissionStored: (form: string, spam: boolean) => submissions.inc({ form, spam: String(spam) }),
    searched: (found: boolean) => searches.inc({ results: found ? "found" : "none" }),
    retentionRan(result: { ran: boolean; deleted: Record<string, number> } | "failed") {
      if (result === "failed") return retentionRuns.inc({ result: "failed" });
      retentionRuns.inc({ result: result.ran ? "done" : "skipped" });
      for (const [table, n] of Object.entries(result.deleted)) retentionDeleted.inc({ table }, n);
    },
    watchRenderCache: (size: () => number) => void (renderCacheSize = size),
    /** What the publishing step (server/publishing.ts) reports. */
    publishing: {
      published(_version: string, seconds: number) {
        publishing.published.inc();
        publishing.seconds.inc(seconds);
      },
      failed: (step: string) => publishing.failures.inc({ step }),
      behind: (behind: boolean) => publishing.behind.set(behind ? 1 : 0),
    },
    sharedLimitStore: (reachable: boolean) => sharedLimits.set(reachable ? 1 : 0),
    /** The handler for /metrics: 404 without METRICS_TOKEN, 401 without the token, the metrics with it. */
    endpoint(token: string | undefined): RequestHandler {
      const expected = token ? Buffer.from(`Bearer ${token}`) : null;
      return async (req, res) => {
        res.setHeader("Cache-Control", CACHE_CONTROL.none);
        if (!expected) return void res.status(404).type("text/plain").send("Not found");
        const given = Buffer.from(req.headers.authorization ?? "");
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return void res
            .status(401)
            .set("WWW-Authenticate", 'Bearer realm="metrics"')
            .type("text/plain")
            .send("A metrics token is required.");
        }
        renderCachePages.set(renderCacheSize());
        await readOutbox().catch(() => {});
        res.type(registry.contentType).send(await registry.metrics());
      };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
