#!/usr/bin/env node
/**
 * `npm run bench:submit`: concurrent contact-form submissions through the JSON endpoint, against the
 * production build on 127.0.0.1, on the embedded database and (when one answers) on PostgreSQL.
 * Prints submissions per second and latency; asserts nothing.
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=20 BENCH_PORT=4600 npm run bench:submit
 * Each database gets its inbox key before the server opens it (scripts/test/e2e-inbox-key.ts; its recovery keys
 * are thrown away with the database): without one every submission is refused (503). Beside the endpoint's
 * latency, what sealing alone costs a submission, timed in-process (scripts/bench/sealing.ts).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { scratchPostgres } from "../lib/scratch-postgres.mjs";
import { serveBuild } from "../lib/serve-build.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const port = Number(process.env.BENCH_PORT ?? 4600);
const body = JSON.stringify({
  name: "Bench Visitor",
  email: "bench@example.org",
  subject: "Benchmark",
  message: "A message of ordinary length. ".repeat(8),
  agree_to_terms: true,
});

/** A TypeScript step of this repository, run with tsx; its standard output returned. */
function tsx(script, args = [], env = {}) {
  const run = spawnSync(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, script), ...args], {
    env: { ...process.env, ...env },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (run.status !== 0) throw new Error(`${script} failed`);
  return run.stdout;
}

/** The inbox key of the database a server is about to open (`env`: its DATA_DIR or DATABASE_URL), made first. */
function makeInboxKey(env) {
  const dir = mkdtempSync(join(tmpdir(), "bench-submit-keys-"));
  try {
    tsx("scripts/test/e2e-inbox-key.ts", [], { ...env, E2E_RECOVERY_FILE: join(dir, "recovery-keys.json") });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function measure(label, base) {
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

if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "ignore" }).status !== 0) throw new Error("build failed");
// Measured first, with no server running beside it.
const [calls, sealP50, sealP99] = tsx("scripts/bench/sealing.ts", [body]).trim().split(" ");

console.log(`${connections} connections, ${seconds} s each, Node ${process.version}\n`);
console.log(`${"database".padEnd(12)} ${"subm/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"non-2xx".padStart(8)}`);
const dataDir = mkdtempSync(join(tmpdir(), "bench-submit-"));
makeInboxKey({ DATA_DIR: dataDir });
const pglite = await serveBuild(port, { SKIP_BUILD: "1", SUBMISSION_RATE_LIMIT: "10000", DATA_DIR: dataDir });
await measure("PGlite", pglite.base);
await pglite.stop();
rmSync(dataDir, { recursive: true, force: true });

const scratch = await scratchPostgres("bench_submit");
if (!scratch) {
  console.log("PostgreSQL   not reachable at 127.0.0.1:5432: skipped");
} else {
  makeInboxKey({ DATABASE_URL: scratch.url });
  const postgres = await serveBuild(port + 1, { SKIP_BUILD: "1", SUBMISSION_RATE_LIMIT: "10000", DATABASE_URL: scratch.url });
  await measure("PostgreSQL", postgres.base);
  await postgres.stop();
  await scratch.drop();
}
console.log(`\nSealing alone (sealContents in-process, ${calls} calls): p50 ${sealP50} ms, p99 ${sealP99} ms per submission`);
