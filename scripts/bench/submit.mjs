#!/usr/bin/env node
/**
 * `npm run bench:submit`: concurrent contact-form submissions through the JSON endpoint, against the
 * production build on 127.0.0.1, on the embedded database and (when one answers) on PostgreSQL.
 * Prints submissions per second and latency; asserts nothing.
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:submit
 */
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { scratchPostgres } from "../lib/scratch-postgres.mjs";
import { serveBuild } from "../lib/serve-build.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

if (spawnSync("npm", ["run", "build"], { stdio: "ignore" }).status !== 0) throw new Error("build failed");

async function measure(label, base) {
  const body = JSON.stringify({
    name: "Bench Visitor",
    email: "bench@example.org",
    subject: "Benchmark",
    message: "A message of ordinary length. ".repeat(8),
    agree_to_terms: true,
  });
  const r = await autocannon({
    url: `${base}/api/submit-contact-form`,
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    connections,
    duration: seconds,
  });
  const ok = r["2xx"];
  console.log(
    `${label.padEnd(12)} ${(ok / seconds).toFixed(0).padStart(8)} ${String(r.latency.p50).padStart(8)} ${String(r.latency.p99).padStart(8)} ${String(r.non2xx).padStart(8)}`,
  );
}

console.log(`${connections} connections, ${seconds} s each, Node ${process.version}\n`);
console.log(`${"database".padEnd(12)} ${"subm/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`);
const pglite = await serveBuild(4600, { SKIP_BUILD: "1", SUBMISSION_RATE_LIMIT: "10000" });
await measure("PGlite", pglite.base);
await pglite.stop();

const scratch = await scratchPostgres("bench_submit");
if (!scratch) {
  console.log("PostgreSQL   not reachable at 127.0.0.1:5432: skipped");
  process.exit(0);
}
const postgres = await serveBuild(4601, { SKIP_BUILD: "1", SUBMISSION_RATE_LIMIT: "10000", DATABASE_URL: scratch.url });
await measure("PostgreSQL", postgres.base);
await postgres.stop();
await scratch.drop();
