#!/usr/bin/env node
/**
 * `npm test`: one production build beside typecheck, lint and formatting; then unit and server tests (Vitest)
 * beside browser tests (Playwright). Each suite has a time budget; one that runs past it is stopped and counts
 * as failed, with a message that says so, long before CI's own limit would stop everything. Ends with each
 * suite's wall time, the ten slowest tests, and one line `N passed, N failed` summed over all of them.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/**
 * Minutes each suite may take on a busy 2-core machine: two to three times what it takes on a quiet one, and
 * together under CI's 30 minutes. The first five run side by side, then the last two: at most 3 + 25. Each of
 * the last two takes longer beside the other than alone (on a quiet machine, 8m51s and 7m16s against 5m and
 * 5m13s), but together they end sooner: each fills the other's waits and its last minutes with one worker.
 * On 2026-11-27 the machine ran at half the day before's speed (nginx 26–32k requests a second, not 50–59k), and
 * a quiet run took 18m30s of Vitest: 25 minutes leave that room and still end before CI's 30.
 * TEST_BUDGET_SCALE=2 doubles them all, for a slower machine.
 */
const BUDGET_MINUTES = { browser: 2, build: 3, typecheck: 3, lint: 3, format: 2, vitest: 25, playwright: 25 };
const budgetScale = Number(process.env.TEST_BUDGET_SCALE ?? 1) || 1;

/** Reports that outlive Playwright, which empties test-results/ when it starts. */
const reports = join(root, "test-reports");
mkdirSync(reports, { recursive: true });

const startedAt = Date.now();
const totals = { passed: 0, failed: 0 };
const lines = [];
const times = [];
/** Every test's duration, for the ten slowest: { name, ms }. */
const durations = [];

// Rounded to the second first: 12 min 59.6 s is 13m00s, not 12m60s.
const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, "0")}s`;
};

/** The process groups of the suites running now, stopped with this script. */
const running = new Set();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const pid of running) stopGroup(pid, "SIGKILL");
    process.exit(1);
  });

function stopGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/**
 * Runs a suite in a process group of its own, so that a suite past its budget is stopped with all it started.
 * A suite that runs beside others keeps its output until it ends, so that each suite's lines stay together.
 */
function run(suite, command, args, { beside = false } = {}) {
  const budget = BUDGET_MINUTES[suite] * budgetScale * 60_000;
  const heading = `\n=== ${suite}: ${command} ${args.join(" ")}`;
  if (!beside) console.log(heading);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: beside ? ["ignore", "pipe", "pipe"] : "inherit", detached: true });
    running.add(child.pid);
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    let overBudget = false;
    const timer = setTimeout(() => {
      overBudget = true;
      const message =
        `\n=== ${suite} ran past its budget of ${minutes(budget)} and was stopped. ` +
        `The budgets are in scripts/test/run-all.mjs: find the slow tests above, or raise them with TEST_BUDGET_SCALE on a slow machine.\n`;
      if (beside) output.push(message);
      else process.stdout.write(message);
      // SIGINT first: Playwright then stops the servers it started, which run in process groups of their own.
      stopGroup(child.pid, "SIGINT");
      setTimeout(() => stopGroup(child.pid, "SIGTERM"), 20_000).unref();
      setTimeout(() => stopGroup(child.pid, "SIGKILL"), 30_000).unref();
    }, budget);
    let done = false;
    const ended = (status) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      running.delete(child.pid);
      const ms = Date.now() - started;
      if (beside) process.stdout.write(`${heading}\n${output.join("")}`);
      times.push({ suite, ms, budget, overBudget });
      resolve({ status: overBudget ? 1 : status, overBudget });
    };
    child.on("close", (code) => ended(code ?? 1));
    child.on("error", () => ended(1));
  });
}

function count(label, passed, failed) {
  totals.passed += passed;
  totals.failed += failed;
  lines.push(`${label}: ${passed} passed, ${failed} failed`);
}

function finish() {
  console.log("\n=== time (budget)");
  for (const t of times)
    console.log(`${t.suite.padEnd(12)} ${minutes(t.ms).padStart(7)} (${minutes(t.budget)})${t.overBudget ? "  PAST ITS BUDGET" : ""}`);
  console.log(`${"all".padEnd(12)} ${minutes(Date.now() - startedAt).padStart(7)}`);
  if (durations.length) {
    console.log("\n=== the ten slowest tests");
    for (const d of durations.sort((a, b) => b.ms - a.ms).slice(0, 10)) console.log(`${(d.ms / 1000).toFixed(1).padStart(6)} s  ${d.name}`);
  }
  console.log("\n=== summary");
  for (const l of lines) console.log(l);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed === 0 ? 0 : 1);
}

/**
 * One-step checks: each counts as one test. They run side by side: each is mostly one thread, and on a machine
 * busy with other work more of them get more of its time.
 */
async function check(suite, script) {
  const { status } = await run(suite, "npm", ["run", script], { beside: true });
  count(suite, status === 0 ? 1 : 0, status === 0 ? 0 : 1);
  return status;
}

// Finding (or installing) the browser runs beside them too: only Playwright needs it.
const [browser, buildStatus] = await Promise.all([
  run("browser", "node", ["scripts/test/ensure-browser.mjs"], { beside: true }),
  check("build", "build"),
  check("typecheck", "typecheck"),
  check("lint", "lint"),
  check("format", "format:check"),
]);

/** Vitest, counted from its JSON report. */
async function vitest() {
  const unitJson = join(reports, "unit.json");
  rmSync(unitJson, { force: true });
  const unit = await run("vitest", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${unitJson}`], {
    beside: true,
  });
  if (!existsSync(unitJson) || unit.overBudget) return count("vitest", 0, 1);
  const r = JSON.parse(readFileSync(unitJson, "utf8"));
  for (const file of r.testResults)
    for (const t of file.assertionResults)
      durations.push({ name: `vitest  ${relative(root, file.name)} › ${t.fullName}`, ms: t.duration ?? 0 });
  // A suite skipped for want of nginx, PostgreSQL or Redis says why in its title, in the output above.
  const skipped = r.numPendingTests ? ` (${r.numPendingTests} skipped)` : "";
  count(`vitest${skipped}`, r.numPassedTests, r.numFailedTests + (unit.status !== 0 && r.numFailedTests === 0 ? 1 : 0));
}

/** Each test of a Playwright JSON report, with its project and its describe blocks' titles. */
function* playwrightTests(suite, titles = []) {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      yield { name: `${t.projectName}  ${spec.file} › ${[...titles, spec.title].join(" › ")}`, results: t.results };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, [...titles, child.title]);
}

/** Playwright, counted from its JSON report. */
async function playwright() {
  if (browser.status !== 0) return count("playwright (not run: no browser, see above)", 0, 1);
  const e2eJson = join(root, "test-results", "e2e-results.json");
  rmSync(e2eJson, { force: true });
  const e2e = await run("playwright", "npx", ["playwright", "test"], { beside: true });
  if (!existsSync(e2eJson) || e2e.overBudget) return count("playwright", 0, 1);
  const report = JSON.parse(readFileSync(e2eJson, "utf8"));
  for (const suite of report.suites)
    for (const t of playwrightTests(suite))
      durations.push({ name: `playwright ${t.name}`, ms: t.results.reduce((sum, r) => sum + r.duration, 0) });
  const failed = report.stats.unexpected + report.stats.flaky;
  count("playwright", report.stats.expected, failed + (e2e.status !== 0 && failed === 0 ? 1 : 0));
}

// The browser tests need the build; the server tests fail without it, each saying so, and the rest run.
console.log("\n=== vitest and playwright, side by side: each one's output when it ends");
await Promise.all([vitest(), buildStatus === 0 ? playwright() : count("playwright (not run: the build failed)", 0, 1)]);

finish();
