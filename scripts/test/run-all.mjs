#!/usr/bin/env node
/**
 * `npm test`: typecheck, lint, formatting, unit and server tests (Vitest), browser tests (Playwright), in that
 * order after one production build. Ends with one line `N passed, N failed` summed over all of them.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const results = join(root, "test-results");
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0 };
const lines = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(" ")}`);
  const r = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function count(label, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed`);
}

if (run("browser", "node", ["scripts/test/ensure-browser.mjs"]) !== 0) {
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}

/** One-step checks: each counts as one test. */
function check(label, script) {
  const status = run(label, "npm", ["run", script]);
  count(label, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  return status;
}

const buildStatus = check("build", "build");
check("typecheck", "typecheck");
check("lint", "lint");
check("format", "format:check");

const unitJson = join(results, "unit.json");
rmSync(unitJson, { force: true });
const unitStatus = run("unit, server and integration tests (Vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${unitJson}`,
]);
if (existsSync(unitJson)) {
  const r = JSON.parse(readFileSync(unitJson, "utf8"));
  // A suite skipped for want of nginx, PostgreSQL or Redis says why in its title, in the output above.
  const skipped = r.numPendingTests ? ` (${r.numPendingTests} skipped)` : "";
  count(
    `vitest${skipped}`,
    r.numPassedTests,
    r.numFailedTests + (r.numTotalTestSuites && unitStatus !== 0 && r.numFailedTests === 0 ? 1 : 0),
  );
} else {
  count("vitest", 0, 1);
}

if (buildStatus === 0) {
  const e2eJson = join(results, "e2e-results.json");
  rmSync(e2eJson, { force: true });
  const e2eStatus = run("browser tests (Playwright)", "npx", ["playwright", "test"]);
  if (existsSync(e2eJson)) {
    const { stats } = JSON.parse(readFileSync(e2eJson, "utf8"));
    const failed = stats.unexpected + stats.flaky;
    count("playwright", stats.expected, failed + (e2eStatus !== 0 && failed === 0 ? 1 : 0));
  } else {
    count("playwright", 0, 1);
  }
} else {
  count("playwright (not run: the build failed)", 0, 1);
}

console.log("\n=== summary");
for (const l of lines) console.log(l);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
