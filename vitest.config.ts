import { configDefaults, defineConfig } from "vitest/config";
import { withoutCommitFlushWaits } from "./test/support/postgres-url.js";
import { SLOW_TEST_FILES } from "./test/slow-test-files.js";

/**
 * Two cores on CI. The files a process runs share its modules (isolate: false): importing the service's ~700
 * modules once per process instead of once per file took the collect phase from about 230 s to 30 s. Nothing in
 * src/ keeps module-level state (architecture.md); test/support/shared-threads.ts keeps one embedded chain and
 * one search worker pool per process on purpose. The pool is made from the root's options, each project's
 * runner from its own: both say the same.
 */
const processes = {
  pool: "forks" as const,
  isolate: false,
  poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
};

const shared = {
  setupFiles: ["test/support/no-network.ts"],
  // Tags this run's PostgreSQL schemas and drops them once every file is done (test/support/postgres-schemas.ts).
  globalSetup: ["test/support/postgres-global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // The PostgreSQL the tests open (and the child nodes they start, which inherit it) commits without waiting for
  // the disk: test/support/postgres-url.ts says why that changes nothing a test can see.
  env: process.env.TEST_PG_URL ? { TEST_PG_URL: withoutCommitFlushWaits(process.env.TEST_PG_URL) } : {},
  ...processes,
};

/**
 * Two tiers, each a vitest project: `fast` (`npm test`) and `slow` (`npm run test:slow`: the soaks, the
 * whole-history replays and the real-browser runs, listed in test/slow-test-files.ts). CI runs both; naming a
 * file (`npx vitest run path/to/file.test.ts`) runs it whichever tier holds it.
 */
export default defineConfig({
  test: {
    ...processes,
    // The default output; one line saying how many PostgreSQL tests were skipped (TEST_PG_URL unset); the run's
    // wall time and its slowest files.
    reporters: ["default", "./test/support/postgres-skip-reporter.ts", "./test/support/slowest-files-reporter.ts"],
    projects: [
      {
        test: {
          ...shared,
          name: "fast",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SLOW_TEST_FILES],
        },
      },
      { test: { ...shared, name: "slow", include: [...SLOW_TEST_FILES] } },
    ],
  },
});
