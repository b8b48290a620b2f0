/** Lighthouse 12 (mobile, the default) on one page: the median of `LH_RUNS` runs, printed as one row under HEADER. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_FLAGS } from "./chromium.mjs";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const out = mkdtempSync(join(tmpdir(), "lh-out-"));

export const HEADER = ["page".padEnd(34), "perf", "a11y", "best", " seo", " JS KB (compressed)", " LCP ms", " CLS", " TBT ms"].join(" ");

/**
 * Lighthouse's own advice on its variability (docs/variability.md): the median of five runs is about twice as
 * stable as one. `LH_RUNS` runs are made of each page (1 unless set) and the median one printed, chosen as
 * Lighthouse's computeMedianRun chooses (core/lib/median-run.js): the run nearest the median first contentful
 * paint and the median time to interactive, the earliest and latest moments of the load. Every run's score is
 * printed beside it, so the spread stays in sight.
 */
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1) || 1);

/**
 * `headers` go with every request Lighthouse's browser makes (a staff session's cookie, for instance). A run
 * that fails (now and then, most often while the machine is busy) is said, with Lighthouse's own last
 * words, and made once more: a failure is not a score.
 */
export function lighthouseRow(base, path, headers) {
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = measureOnce(base, path, headers);
    if (result) results.push(result);
  }
  if (results.length) print(path, medianRun(results), results);
}

function measureOnce(base, path, headers) {
  for (const attempt of [1, 2]) {
    try {
      return measure(base, path, headers);
    } catch (err) {
      const said =
        String(err.stderr ?? "")
          .trim()
          .split("\n")
          .at(-1) || err.message.split("\n")[0];
      if (attempt === 1) console.log(`    ${path}: Lighthouse failed (${said}); measuring again`);
      else console.log(path.padEnd(34), `failed twice: ${said}`);
    }
  }
  return null;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function medianRun(results) {
  const fcp = (r) => r.audits["first-contentful-paint"].numericValue;
  const tti = (r) => r.audits["interactive"].numericValue;
  const [fcpMedian, ttiMedian] = [median(results.map(fcp)), median(results.map(tti))];
  const distance = (r) => Math.hypot(fcp(r) - fcpMedian, tti(r) - ttiMedian);
  return results.reduce((best, r) => (distance(r) < distance(best) ? r : best));
}

function measure(base, path, headers) {
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
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
      `--chrome-flags=--headless=new ${CHROMIUM_FLAGS.join(" ")}`,
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"], timeout: 180_000 },
  );
  return JSON.parse(readFileSync(file, "utf8"));
}

/**
 * Issue 34's budgets of JavaScript, in KB sent: a page that hydrates (it loads React's client entry: a form, the
 * staff area) at most 120, any other page at most 15. A row over its budget says so.
 */
const JS_BUDGET_KB = { hydrates: 120, other: 15 };
const hydrates = (r) => r.audits["network-requests"]?.details?.items?.some((i) => /\/entry\.client-[\w-]+\.js$/.test(i.url)) ?? false;

const scoreOf = (r, category) => Math.round((r.categories[category]?.score ?? 0) * 100);

function print(path, r, all) {
  const score = (k) => String(scoreOf(r, k)).padStart(4);
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
    ...(all.length > 1
      ? [`   performance in each of ${all.length} runs: ${all.map((run) => scoreOf(run, "performance")).join(", ")}`]
      : []),
  );
  const kind = hydrates(r) ? "hydrates" : "other";
  if (Number(js) > JS_BUDGET_KB[kind])
    console.log(
      `    JavaScript: ${js} KB, over the ${JS_BUDGET_KB[kind]} KB budget of a page that ${kind === "hydrates" ? "hydrates" : "does not hydrate"}`,
    );
  for (const [id, a] of Object.entries(r.audits)) {
    if (a.score !== null && a.score < 0.9 && ["binary", "numeric"].includes(a.scoreDisplayMode) && !["metrics"].includes(id))
      console.log(`    ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  }
}
