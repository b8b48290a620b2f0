import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, findChromium } from "./scripts/lib/chromium.mjs";

const PORT = Number(process.env.E2E_PORT ?? 4173);
/** The staff area is also tested on PostgreSQL, by a second server, when one answers on 127.0.0.1:5432. */
const PG_PORT = PORT + 1;
/**
 * The staff journeys on the embedded database get a server of their own: they change what visitors see
 * (a partner added, a director replaced), which the public tests, running at the same time, count.
 */
const STAFF_PORT = PORT + 2;
const DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "site-e2e-")));
const STAFF_DATA_DIR = (process.env.E2E_STAFF_DATA_DIR ??= mkdtempSync(join(tmpdir(), "site-e2e-staff-")));
const STAFF_SITE_URL = `http://localhost:${STAFF_PORT}`;
/** localhost, not 127.0.0.1: a passkey's relying party must be a host name. The servers listen on 127.0.0.1. */
const SITE_URL = `http://localhost:${PORT}`;
const PG_SITE_URL = `http://localhost:${PG_PORT}`;
const E2E_DATABASE_URL = `postgres://postgres@127.0.0.1:5432/site_e2e_${PORT}`;
/** Where each server's inbox recovery keys are written when its key is made (scripts/test/e2e-server.mjs). */
const recoveryFile = (dataDir: string) => `${dataDir}.recovery-keys.json`;
const PG_RECOVERY_FILE = join(tmpdir(), `site-e2e-postgres-${PORT}.recovery-keys.json`);
const postgres =
  process.env.TEST_POSTGRES !== "off" &&
  spawnSync(
    process.execPath,
    [
      "-e",
      "require('pg').Client.prototype.connect.call(new (require('pg').Client)(process.argv[1])).then(()=>process.exit(0),()=>process.exit(1))",
      process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    ],
    { timeout: 5000 },
  ).status === 0;

/** What every test server shares. */
const serverEnv = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  // The time trap is tested in tests/integration/forms-api.test.ts; here a person's pace would only slow the tests.
  FORM_MIN_FILL_MS: "0",
  // Every browser test sends from 127.0.0.1; the limit itself is tested in tests/integration/forms-api.test.ts.
  SUBMISSION_RATE_LIMIT: "10000",
  // Likewise for searches: their limit is tested in tests/integration/search.test.ts.
  SEARCH_RATE_LIMIT: "10000",
  // Stopped by Playwright at the end: no load balancer to drain for.
  SHUTDOWN_DRAIN_MS: "0",
};
const STAFF_TESTS = /[\\/]staff[\\/].*\.spec\.ts$/;
/** Browser tests that reach into the server's database, which only PostgreSQL shares with another process. */
const POSTGRES_ONLY = /\.postgres\.spec\.ts$/;
/**
 * What a phone shows differently: its own drawer, the shared layout and home page, and axe on a page of every
 * kind (public and staff). What a page says or does is the same on every screen, and is checked on the desktop.
 */
const PHONE_TESTS = [/[\\/]phone[\\/]/, /[\\/](accessibility|layout|home)\.spec\.ts$/];
/**
 * The journeys whose storage differs between the databases (conflicts, locks, uploads, sessions, search) are
 * tagged @storage and run again on PostgreSQL; the rest run once, on the embedded database.
 */
const STORAGE_JOURNEYS = /@storage/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Limits that only catch what hangs: on a machine busy with other work (CI beside a benchmark) a page
  // with axe takes several times as long as on a quiet one. Long journeys mark themselves slow.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The JSON report is what scripts/test/run-all.mjs counts.
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: SITE_URL,
    // A trace records every action's DOM and a screencast of every test, failed or not: it doubled Chromium's
    // CPU (issue 32). A failure keeps a screenshot and its error context; to trace, add `--trace on`.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: findChromium() ?? undefined,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    // Every test runs on a desktop: the public ones on one server, the staff area's on a PGlite server of its
    // own. The phone runs PHONE_TESTS; PostgreSQL the staff journeys tagged @storage.
    {
      name: "desktop",
      testIgnore: [/[\\/]phone[\\/]/, STAFF_TESTS],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, channel: undefined },
      metadata: { staffEnv: { DATA_DIR, SITE_URL, E2E_RECOVERY_FILE: recoveryFile(DATA_DIR) } },
    },
    {
      name: "staff",
      testMatch: STAFF_TESTS,
      testIgnore: POSTGRES_ONLY,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, channel: undefined, baseURL: STAFF_SITE_URL },
      metadata: { staffEnv: { DATA_DIR: STAFF_DATA_DIR, SITE_URL: STAFF_SITE_URL, E2E_RECOVERY_FILE: recoveryFile(STAFF_DATA_DIR) } },
    },
    {
      name: "phone",
      testMatch: PHONE_TESTS,
      use: { ...devices["Pixel 7"], channel: undefined },
      metadata: { staffEnv: { DATA_DIR, SITE_URL, E2E_RECOVERY_FILE: recoveryFile(DATA_DIR) } },
    },
    ...(postgres
      ? [
          {
            name: "staff-postgres",
            testMatch: STAFF_TESTS,
            grep: STORAGE_JOURNEYS,
            use: {
              ...devices["Desktop Chrome"],
              viewport: { width: 1366, height: 900 },
              channel: undefined,
              baseURL: PG_SITE_URL,
            },
            metadata: { staffEnv: { DATABASE_URL: E2E_DATABASE_URL, SITE_URL: PG_SITE_URL, E2E_RECOVERY_FILE: PG_RECOVERY_FILE } },
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: "node scripts/test/e2e-server.mjs",
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { ...serverEnv, PORT: String(PORT), SITE_URL, DATA_DIR, E2E_RECOVERY_FILE: recoveryFile(DATA_DIR) },
    },
    {
      command: "node scripts/test/e2e-server.mjs",
      url: `http://127.0.0.1:${STAFF_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...serverEnv,
        SKIP_BUILD: "1",
        PORT: String(STAFF_PORT),
        SITE_URL: STAFF_SITE_URL,
        DATA_DIR: STAFF_DATA_DIR,
        E2E_RECOVERY_FILE: recoveryFile(STAFF_DATA_DIR),
      },
    },
    ...(postgres
      ? [
          {
            command: "node scripts/test/e2e-server.mjs",
            url: `http://127.0.0.1:${PG_PORT}/healthz`,
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: {
              ...serverEnv,
              SKIP_BUILD: "1",
              PORT: String(PG_PORT),
              SITE_URL: PG_SITE_URL,
              E2E_DATABASE_URL,
              E2E_RECOVERY_FILE: PG_RECOVERY_FILE,
            },
          },
        ]
      : []),
  ],
});
