import { defineConfig } from "vitest/config";

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
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
