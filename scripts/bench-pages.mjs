#!/usr/bin/env node
/**
 * `npm run bench`: the production build against nginx serving the very same HTML files, page by page,
 * on the embedded database and on PostgreSQL (when one answers at 127.0.0.1:5432), plus the server's
 * resident memory after a warm-up of every page, at rest and under load. Prints figures; asserts nothing.
 *   BENCH_SECONDS=8 BENCH_CONNECTIONS=20 BENCH_REST_SECONDS=30 npm run bench
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { scratchPostgres } from "./lib/scratch-postgres.mjs";
import { serveBuild } from "./lib/serve-build.mjs";
import { startStaticBaseline, writeSiteFiles } from "./lib/static-baseline.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
// V8 gives memory back when a process has been idle for a while (its memory reducer): "at rest" is after that.
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 30);
const PAGES = [
  "/",
  "/about",
  "/communities/yazidis",
  "/communities/yazidis/news",
  "/ideology/same-ideology",
  "/team/board-of-directors",
  "/donate",
];
const HEADERS = { "accept-encoding": "gzip" };

if (spawnSync("npm", ["run", "build"], { stdio: "ignore" }).status !== 0) throw new Error("build failed: run npm run build");

const residentMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function load(url) {
  const r = await autocannon({ url, connections, duration: seconds, headers: HEADERS });
  if (r.non2xx || r.errors) console.log(`  ! ${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

/** Every page the sitemap lists, fetched as a browser would: each is rendered and kept once. */
async function warmUp(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const path of paths) await (await fetch(base + path, { headers: HEADERS })).arrayBuffer();
  return paths.length;
}

const work = mkdtempSync(join(tmpdir(), "bench-pages-"));
const results = [];
const memory = [];
let baseline;
try {
  const places = [{ name: "embedded (PGlite)", env: {} }];
  const scratch = await scratchPostgres("bench_pages");
  if (scratch) places.push({ name: "PostgreSQL", env: { DATABASE_URL: scratch.url } });
  else console.log("PostgreSQL is not reachable at 127.0.0.1:5432: measuring the embedded database only.");

  for (const [i, place] of places.entries()) {
    const { base, stop, child } = await serveBuild(4400 + i, { SKIP_BUILD: "1", ...place.env });
    try {
      const started = residentMb(child.pid);
      const warmed = await warmUp(base);
      if (!baseline) {
        // The static copy: exactly the HTML this server sends for each measured page.
        const files = {};
        for (const path of PAGES) files[path] = await (await fetch(base + path, { headers: { "accept-encoding": "identity" } })).text();
        writeSiteFiles(join(work, "site"), files);
        baseline = await startStaticBaseline(join(work, "site"), 4450);
      }
      const afterWarmUp = residentMb(child.pid);
      await sleep(restSeconds * 1000);
      const atRest = residentMb(child.pid);
      let underLoad = 0;
      const sampler = setInterval(() => (underLoad = Math.max(underLoad, residentMb(child.pid))), 250);
      for (const path of PAGES) {
        const app = await load(base + path);
        const nginx = await load(baseline.base + path);
        results.push({ place: place.name, path, app, nginx });
      }
      clearInterval(sampler);
      memory.push({ place: place.name, started, warmed, afterWarmUp, atRest, underLoad });
    } finally {
      await stop();
    }
  }
  await scratch?.drop();
} finally {
  await baseline?.stop();
  rmSync(work, { recursive: true, force: true });
}

const n = (v, w = 8, d = 0) => v.toFixed(d).padStart(w);
console.log(
  `\n${connections} connections, ${seconds} s per run, Accept-Encoding: gzip, Node ${process.version}, load generator on the same machine`,
);
console.log(`baseline: ${baseline.kind}\n`);
console.log(
  `${"database".padEnd(18)} ${"page".padEnd(26)} ${"app req/s".padStart(10)} ${"p99 ms".padStart(7)} ${"nginx req/s".padStart(12)} ${"p99 ms".padStart(7)} ${"app/nginx".padStart(10)}`,
);
for (const r of results) {
  console.log(
    `${r.place.padEnd(18)} ${r.path.padEnd(26)} ${n(r.app.rps, 10)} ${n(r.app.p99, 7)} ${n(r.nginx.rps, 12)} ${n(r.nginx.p99, 7)} ${n((100 * r.app.rps) / r.nginx.rps, 9)}%`,
  );
}
console.log(`\nResident memory of the server process, MB (bounds: 256 embedded, 160 PostgreSQL)`);
console.log(
  `${"database".padEnd(18)} ${"started".padStart(8)} ${"warmed up".padStart(10)} ${`rest ${restSeconds}s`.padStart(10)} ${"under load".padStart(11)}`,
);
for (const m of memory) {
  console.log(
    `${m.place.padEnd(18)} ${n(m.started)} ${n(m.afterWarmUp, 10)} ${n(m.atRest, 10)} ${n(m.underLoad, 11)}   (${m.warmed} pages warmed up)`,
  );
}
