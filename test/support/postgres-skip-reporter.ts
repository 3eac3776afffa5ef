import type { File, Task } from "@vitest/runner";
import type { Reporter } from "vitest/reporters";

/** Suites that run on PostgreSQL name themselves "... on postgres" (test-databases.ts). */
const POSTGRES_SUITE = / on postgres$/;

function skippedPostgresTests(tasks: readonly Task[], inPostgresSuite: boolean): number {
  let count = 0;
  for (const task of tasks) {
    const postgres = inPostgresSuite || (task.type === "suite" && POSTGRES_SUITE.test(task.name));
    if (task.type === "suite") count += skippedPostgresTests(task.tasks, postgres);
    else if (postgres && (task.mode === "skip" || task.result?.state === "skip")) count += 1;
  }
  return count;
}

/**
 * Says at the end of a run how many PostgreSQL tests did not run because TEST_PG_URL is unset, so a green
 * local run is never mistaken for a full one.
 */
export default class PostgresSkipReporter implements Reporter {
  onFinished(files: File[] = []): void {
    const skipped = skippedPostgresTests(files, false);
    if (skipped === 0) return;
    const why = process.env.TEST_PG_URL ? "" : " because TEST_PG_URL is unset (TEST_PG_URL=postgres://postgres@127.0.0.1:5432/test runs them)";
    process.stdout.write(`\n PostgreSQL: ${skipped} test${skipped === 1 ? "" : "s"} skipped${why}\n\n`);
  }
}
