import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/support/no-network.ts"],
    // Tags this run's PostgreSQL schemas and drops them once every file is done (test/support/postgres-schemas.ts).
    globalSetup: ["test/support/postgres-global-setup.ts"],
    // The default output, plus one line saying how many PostgreSQL tests were skipped (TEST_PG_URL unset).
    reporters: ["default", "./test/support/postgres-skip-reporter.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI; the embedded chain and PostgreSQL suites are heavy, so keep parallelism modest.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
