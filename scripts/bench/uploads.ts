/**
 * `npm run bench:uploads` (issue 21): what photographs cost the server that serves the pages.
 *  1. The p99 of a cached page with and without 20 MB photographs being processed in the same process, as
 *     an upload through the staff area does (sharp works in libuv's threads; the page is served from memory).
 *  2. The embedded database's memory with 200 photographs kept: after taking them in, and at rest after a
 *     restart (decision 008 measured 917 MB when the bytes lived in PGlite; the goal is ≤ 256 MB at rest).
 * Runs the built server in this process, on a fresh embedded database, with the allocator settings of
 * `npm start` (package.json); prints figures, asserts nothing.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import sharp from "sharp";
import { processUpload } from "../../app/lib/image-upload.server";
import { createMediaStore, folderBlobStore } from "../../app/lib/media.server";
import { loadGenerator } from "../lib/load-generator.mjs";
import { serveBuild } from "../lib/serve-build.mjs";

const PHOTOGRAPHS = Number(process.env.BENCH_PHOTOGRAPHS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = "/communities/yazidis";

if (spawnSync("npm", ["run", "build"], { stdio: "ignore" }).status !== 0) throw new Error("build failed: run npm run build");
const { startServer } = (await import(pathToFileURL(resolve("build/server/index.js")).href)) as {
  startServer: (options: { env: Record<string, string>; handleSignals: boolean }) => Promise<{
    url: string;
    database: { db: Parameters<typeof createMediaStore>[0] };
    close(): Promise<void>;
  }>;
};

const residentMb = (pid: number | string = "self") =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A photograph-like JPEG: noise, so the encoder keeps every byte, at the size of a phone's or camera's file. */
async function noiseJpeg(width: number, height: number, seed: number, quality: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i + seed * 7919) * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

const work = mkdtempSync(join(tmpdir(), "bench-uploads-"));
const env = { HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "warn", DATA_DIR: work, SHUTDOWN_DRAIN_MS: "0" };
const generator = loadGenerator({ connections: 10, seconds: SECONDS, headers: { "accept-encoding": "gzip" } });
try {
  const server = await startServer({ env, handleSignals: false });
  const media = () => createMediaStore(server.database.db, folderBlobStore(join(work, "media")));
  const url = `${server.url}${PAGE}`;
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers: { "accept-encoding": "gzip" } })).arrayBuffer();

  // 1. A cached page, quiet and while 20 MB photographs are processed one after another.
  const large = await noiseJpeg(5600, 4200, 1, 93);
  console.log(
    `Load: ${generator.name}, 10 connections, ${SECONDS} s on ${PAGE}; the photograph: ${(large.length / 1024 / 1024).toFixed(1)} MB, 5600 × 4200`,
  );
  const quiet = await generator.load(url);
  let processing = true;
  let processed = 0;
  const uploads = (async () => {
    while (processing) {
      const started = performance.now();
      await media().save(await processUpload(large, "hero"), "hero", undefined, null);
      processed++;
      if (processed === 1) console.log(`  one photograph: ${Math.round(performance.now() - started)} ms to check, clean, cut and keep`);
    }
  })();
  const busy = await generator.load(url);
  processing = false;
  await uploads;
  console.log(`  quiet:            ${Math.round(quiet.rps)} requests/s, p99 ${quiet.p99.toFixed(1)} ms`);
  console.log(`  during ${processed} uploads: ${Math.round(busy.rps)} requests/s, p99 ${busy.p99.toFixed(1)} ms`);

  // 2. Memory with 200 photographs kept.
  const before = residentMb();
  const started = performance.now();
  for (let i = 0; i < PHOTOGRAPHS; i++) {
    const photo = await noiseJpeg(2000, 1500, i + 2, 90);
    await media().save(await processUpload(photo, i % 2 ? "portrait" : "hero"), i % 2 ? "portrait" : "hero", undefined, null);
  }
  console.log(
    `\n${PHOTOGRAPHS} photographs (2000 × 1500, about ${((await noiseJpeg(2000, 1500, 0, 90)).length / 1024 / 1024).toFixed(1)} MB each) taken in: ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const after = residentMb();
  await sleep(10_000);
  console.log(
    `  memory of this process (server and benchmark): ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after taking them in, ${residentMb().toFixed(0)} MB at rest 10 s later`,
  );
  await server.close();
  // At rest: the server alone, in a process of its own, as `npm start` runs it on the same data folder.
  const restarted = await serveBuild(4470, { SKIP_BUILD: "1", DATA_DIR: work, LOG_LEVEL: "warn" });
  try {
    for (const path of ["/", PAGE, "/team/board-of-directors"]) await (await fetch(`${restarted.base}${path}`)).arrayBuffer();
    await sleep(10_000);
    console.log(
      `  memory at rest after a restart, with the ${PHOTOGRAPHS} kept: ${residentMb(restarted.child.pid!).toFixed(0)} MB (the goal: ≤ 256 MB)`,
    );
  } finally {
    await restarted.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
