/** One Lighthouse 12 run (mobile, the default), printed as one row under HEADER. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHROMIUM_FLAGS } from "./chromium.mjs";

const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const out = mkdtempSync(join(tmpdir(), "lh-out-"));

export const HEADER = ["page".padEnd(34), "perf", "a11y", "best", " seo", " JS KB (compressed)", " LCP ms", " CLS", " TBT ms"].join(" ");

/**
 * `headers` go with every request Lighthouse's browser makes (a staff session's cookie, for instance). A run
 * that fails (now and then, most often while the machine is busy) is said, with Lighthouse's own last
 * words, and made once more: a failure is not a score.
 */
export function lighthouseRow(base, path, headers) {
  for (const attempt of [1, 2]) {
    try {
      measure(base, path, headers);
      return;
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
