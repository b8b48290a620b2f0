/**
 * What is recorded of every answer, whichever thread gave it: a log line, and a tally for
 * `http_requests_total` and `http_request_duration_seconds` (the answers to each method on each route pattern,
 * by status, and how long they took, as plain numbers). Kept apart from prom-client and Express so that the
 * front thread (server/front.ts), which answers kept pages, records its answers with nothing else loaded;
 * server/metrics.ts adds its tallies to the app's when /metrics is read.
 */
import { requestLine } from "./request-line";

export const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The answers to one method on one route pattern. */
export interface AnswerTally {
  labels: { method: string; route: string };
  byStatus: Map<number, number>;
  count: number;
  sum: number;
  /** How many took at most each of DURATION_BUCKETS (not yet cumulative). */
  buckets: number[];
}

export function createRequestTally() {
  const tallies = new Map<string, Map<string, AnswerTally>>();
  return {
    /** Counts and times one answer under its route's pattern: a few map lookups and additions. */
    record(method: string, route: string, status: number, seconds: number) {
      let byMethod = tallies.get(route);
      if (!byMethod) tallies.set(route, (byMethod = new Map()));
      let tally = byMethod.get(method);
      if (!tally)
        byMethod.set(
          method,
          (tally = { labels: { method, route }, byStatus: new Map(), count: 0, sum: 0, buckets: DURATION_BUCKETS.map(() => 0) }),
        );
      tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
      tally.count++;
      tally.sum += seconds;
      const bucket = DURATION_BUCKETS.findIndex((le) => seconds <= le);
      if (bucket >= 0) tally.buckets[bucket]!++;
    },
    all: (): AnswerTally[] => [...tallies.values()].flatMap((byMethod) => [...byMethod.values()]),
    clear: () => tallies.clear(),
  };
}

/** Several tallies of the same answers (the app's and the front thread's) as one, by method and route. */
export function mergeTallies(lists: AnswerTally[][]): AnswerTally[] {
  const merged = new Map<string, AnswerTally>();
  for (const tally of lists.flat()) {
    const key = `${tally.labels.method} ${tally.labels.route}`;
    const into = merged.get(key);
    if (!into) {
      merged.set(key, { ...tally, byStatus: new Map(tally.byStatus), buckets: [...tally.buckets] });
      continue;
    }
    for (const [status, n] of tally.byStatus) into.byStatus.set(status, (into.byStatus.get(status) ?? 0) + n);
    into.count += tally.count;
    into.sum += tally.sum;
    tally.buckets.forEach((n, i) => (into.buckets[i]! += n));
  }
  return [...merged.values()];
}

/** The path for logs and metrics: never the query string, which can carry anything. */
export const pathOf = (url = "/") => {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
};

/**
 * The log line and the tally of one answer, `started` being `performance.now()` when it was asked (a number: no
 * BigInt per answer). `log` takes the line (null: the log leaves requests out).
 */
export function answerRecorder(
  log: ((line: string) => void) | null,
  record: ((method: string, route: string, status: number, seconds: number) => void) | undefined,
  routeOf: (path: string) => string,
) {
  return (method: string, url: string | undefined, status: number, started: number) => {
    const ms = performance.now() - started;
    const path = pathOf(url);
    const route = /^\/(assets|images)\//.test(path) ? "static files" : routeOf(path);
    record?.(method, route, status, ms / 1000);
    log?.(requestLine(method, path.length > 120 ? `${path.slice(0, 120)}…` : path, status, Math.round(ms * 10) / 10));
  };
}
