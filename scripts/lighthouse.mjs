#!/usr/bin/env node
/**
 * `npm run lighthouse -- [paths…]`: Lighthouse 12 mobile scores and the JavaScript each page ships,
 * against the production build started here on 127.0.0.1. Fetches lighthouse@12 with npx on first use
 * (it is a measuring tool, not a dependency of the site). Prints figures; asserts nothing.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/about", "/donate"];
const port = Number(process.env.LH_PORT ?? 4500);
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", DATA_DIR: mkdtempSync(join(tmpdir(), "lh-")) },
  stdio: ["ignore", "inherit", "inherit"],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 500));
}

const out = mkdtempSync(join(tmpdir(), "lh-out-"));
console.log("page".padEnd(34), "perf", "a11y", "best", " seo", " JS KB (compressed)", " LCP ms", " CLS", " TBT ms");
for (const path of paths) {
  const file = join(out, `${path.replace(/\W+/g, "_") || "home"}.json`);
  execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      base + path,
      "--quiet",
      "--output=json",
      `--output-path=${file}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "inherit"] },
  );
  const r = JSON.parse(readFileSync(file, "utf8"));
  const score = (k) => String(Math.round((r.categories[k]?.score ?? 0) * 100)).padStart(4);
  const scripts = r.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  const js = ((scripts?.transferSize ?? 0) / 1024).toFixed(1);
  const lcp = Math.round(r.audits["largest-contentful-paint"].numericValue);
  const cls = r.audits["cumulative-layout-shift"].numericValue.toFixed(3);
  const tbt = Math.round(r.audits["total-blocking-time"].numericValue);
  console.log(path.padEnd(34), score("performance"), score("accessibility"), score("best-practices"), score("seo"), js.padStart(19), String(lcp).padStart(7), cls.padStart(6), String(tbt).padStart(7));
  for (const [id, a] of Object.entries(r.audits)) {
    if (a.score !== null && a.score < 0.9 && ["binary", "numeric"].includes(a.scoreDisplayMode) && !["metrics"].includes(id)) console.log(`    ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  }
}
server.kill("SIGTERM");
