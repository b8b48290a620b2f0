#!/usr/bin/env node
/**
 * `npm run lighthouse -- [paths…]`: Lighthouse 12 mobile scores and the JavaScript each page ships,
 * against the production build started here on 127.0.0.1. Fetches lighthouse@12 with npx on first use
 * (it is a measuring tool, not a dependency of the site). Prints figures; asserts nothing.
 */
import { execFileSync } from "node:child_process";
import { serveBuild } from "./lib/serve-build.mjs";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/", "/about", "/donate"];
const port = Number(process.env.LH_PORT ?? 4500);
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const { base, stop } = await serveBuild(port);

const out = mkdtempSync(join(tmpdir(), "lh-out-"));
console.log("page".padEnd(34), "perf", "a11y", "best", " seo", " JS KB (compressed)", " LCP ms", " CLS", " TBT ms");
for (const path of paths) {
  try {
    measure(path);
  } catch (err) {
    console.log(path.padEnd(34), `failed: ${err.message.split("\n")[0]}`);
  }
}
await stop();

function measure(path) {
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
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
  );
  const r = JSON.parse(readFileSync(file, "utf8"));
  const score = (k) => String(Math.round((r.categories[k]?.score ?? 0) * 100)).padStart(4);
  const scripts = r.audits["resource-summary"]?.details?.items?.find((i) => i.resourceType === "script");
  const js = ((scripts?.transferSize ?? 0) / 1024).toFixed(1);
  const lcp = Math.round(r.audits["largest-contentful-paint"].numericValue);
  const cls = r.audits["cumulative-layout-shift"].numericValue.toFixed(3);
  const tbt = Math.round(r.audits["total-blocking-time"].numericValue);
  console.log(
    path.padEnd(34),
    score("performance"),
    score("accessibility"),
    score("best-practices"),
    score("seo"),
    js.padStart(19),
    String(lcp).padStart(7),
    cls.padStart(6),
    String(tbt).padStart(7),
  );
  for (const [id, a] of Object.entries(r.audits)) {
    if (a.score !== null && a.score < 0.9 && ["binary", "numeric"].includes(a.scoreDisplayMode) && !["metrics"].includes(id))
      console.log(`    ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  }
}
