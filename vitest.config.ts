import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/support/no-network.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores on CI; the embedded chain and PostgreSQL suites are heavy, so keep parallelism modest.
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
