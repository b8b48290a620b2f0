import { defineConfig } from "vitest/config";

const UNIT_TESTS = ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts"];
/** Unit tests that replace a module with vi.mock: in a shared module graph the mock could miss or leak. */
const MOCKING_TESTS = ["app/lib/image-upload.test.ts"];
const UNIT_LIMITS = { testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Databases migrated once per run, which each test's database copies (tests/helpers/database-templates.ts).
    globalSetup: ["tests/helpers/database-templates.ts"],
    // Server tests start real servers and databases; keep the 2-core machine from thrashing.
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      {
        // The app's modules are loaded once per worker, not once per file: a fifth of the unit tests' CPU went
        // to importing them again (Vitest's "Per-File Isolation Settings"). A file whose vi.mock needs modules
        // of its own runs isolated, below.
        extends: true,
        test: {
          name: "unit",
          include: UNIT_TESTS,
          exclude: MOCKING_TESTS,
          isolate: false,
          ...UNIT_LIMITS,
        },
      },
      {
        extends: true,
        test: { name: "unit (isolated)", include: MOCKING_TESTS, ...UNIT_LIMITS },
      },
      {
        // Black-box suites: built servers in child processes, the command-line tools, nginx. On a machine busy with
        // other work each step takes several times longer; these limits only catch what hangs.
        extends: true,
        test: { name: "integration", include: ["tests/integration/**/*.test.ts"], testTimeout: 180_000, hookTimeout: 240_000 },
      },
    ],
  },
});
