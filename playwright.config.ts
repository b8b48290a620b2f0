import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4173);
const chromePath = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // The JSON report is what scripts/test-all.mjs counts.
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromePath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // Tests under phone/ or desktop/ are about that layout only; the rest run on both.
    {
      name: "desktop",
      testIgnore: /[\\/]phone[\\/]/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, channel: undefined },
    },
    { name: "phone", testIgnore: /[\\/]desktop[\\/]/, use: { ...devices["Pixel 7"], channel: undefined } },
  ],
  webServer: {
    command: "node scripts/start.mjs",
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      SITE_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), "site-e2e-")),
      LOG_LEVEL: "warn",
      // The time trap is tested in server/forms-api.test.ts; here a person's pace would only slow the tests.
      FORM_MIN_FILL_MS: "0",
    },
  },
});
