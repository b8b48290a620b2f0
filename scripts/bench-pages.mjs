#!/usr/bin/env node
/**
 * `npm run bench`: requests per second and latency for the main pages, against the production build
 * started here on 127.0.0.1 (embedded database). Prints figures; asserts nothing.
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench
 */
import autocannon from "autocannon";
import { serveBuild } from "./lib/serve-build.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 4400);
const pages = ["/", "/about", "/communities/yazidis", "/ideology/same-ideology", "/team/board-of-directors", "/donate"];

const { base, stop } = await serveBuild(port);

console.log(`${connections} connections, ${seconds} s per page, brotli accepted, Node ${process.version}\n`);
console.log("page".padEnd(28), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "KB/req".padStart(8));
for (const path of pages) {
  const r = await autocannon({ url: base + path, connections, duration: seconds, headers: { "accept-encoding": "br" } });
  const kb = r.requests.total ? r.throughput.total / r.requests.total / 1024 : 0;
  console.log(
    path.padEnd(28),
    r.requests.average.toFixed(0).padStart(8),
    String(r.latency.p50).padStart(8),
    String(r.latency.p99).padStart(8),
    kb.toFixed(1).padStart(8),
  );
  if (r.non2xx || r.errors) console.log(`  ! ${r.non2xx} non-2xx, ${r.errors} errors`);
}
await stop();
