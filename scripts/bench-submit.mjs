#!/usr/bin/env node
/**
 * `npm run bench:submit`: concurrent contact-form submissions through the JSON endpoint, against the
 * production build on 127.0.0.1, on the embedded database and (when one answers) on PostgreSQL.
 * Prints submissions per second and latency; asserts nothing.
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 npm run bench:submit
 */
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import pg from "pg";
import { serveBuild } from "./lib/serve-build.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const adminUrl = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

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

let admin;
try {
  admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  await admin.connect();
} catch {
  console.log("PostgreSQL   not reachable at 127.0.0.1:5432: skipped");
  process.exit(0);
}
const db = `bench_submit_${Date.now()}`;
await admin.query(`create database ${db}`);
const url = new URL(adminUrl);
url.pathname = `/${db}`;
const postgres = await serveBuild(4601, { SKIP_BUILD: "1", SUBMISSION_RATE_LIMIT: "10000", DATABASE_URL: url.toString() });
await measure("PostgreSQL", postgres.base);
await postgres.stop();
await admin.query(`drop database ${db} with (force)`);
await admin.end();
