#!/usr/bin/env node
/**
 * `npm run bench`: the production build at its default log level (info, one line per request, appended to a
 * file as `npm start >> site.log` would), page by page, against two yardsticks sending the very same bytes and
 * headers, one process each like the site: a bare node:http server replaying the site's answer (the limit for
 * Node) and nginx with one worker serving it precompressed (gzip_static, the limit for a cached page). On the
 * embedded database and on PostgreSQL (when one answers at 127.0.0.1:5432), plus the server's resident memory
 * after a warm-up of every page, at rest and under load. Prints figures and the targets; asserts nothing.
 *   BENCH_SECONDS=6 BENCH_CONNECTIONS=20 BENCH_ROUNDS=1 BENCH_REST_SECONDS=30 npm run bench
 * With BENCH_ROUNDS above 1, each page is measured that many times on each server in turn, and the median kept.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGenerator } from "../lib/load-generator.mjs";
import { scratchPostgres } from "../lib/scratch-postgres.mjs";
import { serveBuild } from "../lib/serve-build.mjs";
import { capturePage, startNginxBaseline, startNodeBaseline, writeSiteFiles } from "../lib/static-baseline.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
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
  // The same pages in other languages are kept like the English ones (issue 34).
  "/ar/",
  // Translated (serveBuild's `translated`).
  "/ar/communities/yazidis",
  "/fa/donate",
];
const HEADERS = { "accept-encoding": "gzip" };
/** The targets (docs/decisions/007-one-shape.md): of the bare Node server, and of one-worker nginx. */
const TARGETS = { node: 80, nginx: 50 };

if (spawnSync("npm", ["run", "build"], { stdio: "ignore" }).status !== 0) throw new Error("build failed: run npm run build");

const residentMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (values) => {
  const sorted = values.toSorted((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};
const generator = loadGenerator({ connections, seconds, headers: HEADERS });

/** Every page the sitemap lists, fetched as a browser would: each is rendered and kept once. */
async function warmUp(base) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const path of paths) await (await fetch(base + path, { headers: HEADERS })).arrayBuffer();
  return paths.length;
}

/** `rounds` loads of `url` for each server in turn (the site first), and the median of each. */
async function measure(servers, path) {
  const runs = servers.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i].push(await generator.load(server.base + path));
  }
  return runs.map((results) => ({ rps: median(results.map((r) => r.rps)), p99: median(results.map((r) => r.p99)) }));
}

const work = mkdtempSync(join(tmpdir(), "bench-pages-"));
const results = [];
const memory = [];
const baselines = [];
let headerCount = 0;
try {
  const places = [{ name: "embedded (PGlite)", env: {} }];
  const scratch = await scratchPostgres("bench_pages");
  if (scratch) places.push({ name: "PostgreSQL", env: { DATABASE_URL: scratch.url } });
  else console.log("PostgreSQL is not reachable at 127.0.0.1:5432: measuring the embedded database only.");

  for (const [i, place] of places.entries()) {
    // Its data folder inside `work`, so that it is removed with it (serveBuild's own would be left behind).
    const dataDir = join(work, `data-${i}`);
    mkdirSync(dataDir);
    const log = join(work, `site-${i}.log`);
    const env = { SKIP_BUILD: "1", DATA_DIR: dataDir, LOG_LEVEL: "info", ...place.env };
    const { base, stop, child } = await serveBuild(4400 + i, env, { log, translated: true });
    try {
      const started = residentMb(child.pid);
      const warmed = await warmUp(base);
      if (i === 0) {
        // The yardsticks' copy: exactly the bytes and headers this server sends for each measured page.
        const pages = {};
        for (const path of PAGES) pages[path] = await capturePage(base, path);
        headerCount = pages["/about"].headers.length / 2;
        const site = join(work, "site");
        writeSiteFiles(site, pages);
        baselines.push(await startNodeBaseline(site, PAGES, 4451));
        const nginx = await startNginxBaseline(site, pages, 4450);
        if (nginx) baselines.push(nginx);
      }
      const afterWarmUp = residentMb(child.pid);
      await sleep(restSeconds * 1000);
      const atRest = residentMb(child.pid);
      let underLoad = 0;
      const sampler = setInterval(() => (underLoad = Math.max(underLoad, residentMb(child.pid))), 250);
      const logBefore = statSync(log).size;
      for (const path of PAGES) {
        const [app, ...against] = await measure([{ base }, ...baselines], path);
        results.push({ place: place.name, path, app, against });
      }
      clearInterval(sampler);
      memory.push({
        place: place.name,
        started,
        warmed,
        afterWarmUp,
        atRest,
        underLoad,
        logMb: (statSync(log).size - logBefore) / 2 ** 20,
      });
    } finally {
      await stop();
    }
  }
  await scratch?.drop();
} finally {
  for (const baseline of baselines) await baseline.stop();
  rmSync(work, { recursive: true, force: true });
}

const n = (v, w = 8, d = 0) => v.toFixed(d).padStart(w);
const percent = (app, baseline) => (100 * app.rps) / baseline.rps;
const ratioHeads = baselines.map((b) => `app/${b.name}`.padStart(10));
console.log(
  `\n${connections} connections, ${seconds} s per run, ${rounds} run(s) per page and server (median), Accept-Encoding: gzip, ` +
    `Node ${process.version}, load generator: ${generator.name}, on the same machine`,
);
console.log(`app:   the site, LOG_LEVEL=info (one line per request, appended to a file); ${headerCount} headers on /about`);
for (const baseline of baselines) console.log(`${`${baseline.name}:`.padEnd(7)}${baseline.kind}`);
console.log(
  `\n${"database".padEnd(18)} ${"page".padEnd(26)} ${"app req/s".padStart(10)} ${"p99 ms".padStart(7)}` +
    baselines.map((b) => ` ${`${b.name} req/s`.padStart(12)} ${"p99 ms".padStart(7)}`).join("") +
    ratioHeads.map((head) => ` ${head}`).join(""),
);
for (const r of results) {
  console.log(
    `${r.place.padEnd(18)} ${r.path.padEnd(26)} ${n(r.app.rps, 10)} ${n(r.app.p99, 7, 1)}` +
      r.against.map((b) => ` ${n(b.rps, 12)} ${n(b.p99, 7, 1)}`).join("") +
      r.against.map((b, i) => ` ${n(percent(r.app, b), ratioHeads[i].length - 1)}%`).join(""),
  );
}
console.log(`\nMedian over the ${PAGES.length} pages (targets: ${baselines.map((b) => `app/${b.name} ≥ ${TARGETS[b.name]}%`).join(", ")})`);
for (const place of new Set(results.map((r) => r.place))) {
  const rows = results.filter((r) => r.place === place);
  const medians = baselines.map((b, i) => `app/${b.name} ${median(rows.map((r) => percent(r.app, r.against[i]))).toFixed(0)}%`);
  console.log(`${place.padEnd(18)} ${medians.join(", ")}`);
}
console.log(`\nResident memory of the server process, MB (bounds: 256 embedded, 160 PostgreSQL)`);
console.log(
  `${"database".padEnd(18)} ${"started".padStart(8)} ${"warmed up".padStart(10)} ${`rest ${restSeconds}s`.padStart(10)} ${"under load".padStart(11)}`,
);
for (const m of memory) {
  console.log(
    `${m.place.padEnd(18)} ${n(m.started)} ${n(m.afterWarmUp, 10)} ${n(m.atRest, 10)} ${n(m.underLoad, 11)}   ` +
      `(${m.warmed} pages warmed up; ${m.logMb.toFixed(0)} MB of log written under load)`,
  );
}
