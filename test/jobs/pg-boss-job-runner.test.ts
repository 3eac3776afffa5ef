import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../src/domain/clock.js";
import type { RecurringJob } from "../../src/jobs/job-runner.js";
import { PgBossJobRunner } from "../../src/jobs/pg-boss-job-runner.js";
import { overlapProbe } from "../support/overlap-probe.js";
import { freshTestSchemaName } from "../support/test-databases.js";

const pgUrl = process.env.TEST_PG_URL;
const silent = pino({ level: "silent" });

describe.skipIf(pgUrl === undefined || pgUrl === "")("PgBossJobRunner on PostgreSQL", () => {
  const url = pgUrl as string;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Two nodes sharing one queue schema, each with its own copy of the job. */
  function twoNodes(job: (node: string) => RecurringJob, options: { expireInSeconds?: number; pollingIntervalSeconds?: number } = {}) {
    // Dropped when the run ends, not here (test/support/postgres-schemas.ts says why).
    const schema = `${freshTestSchemaName()}_jobs`;
    const nodes = ["a", "b"].map((node) => {
      const runner = new PgBossJobRunner({ connectionString: url, schema, maxConnections: 2, ...options }, systemClock, silent);
      runner.register(job(node));
      return runner;
    });
    for (const runner of nodes) cleanups.push(() => runner.stop());
    return nodes as [PgBossJobRunner, PgBossJobRunner];
  }

  it("a job due on two nodes runs once: both schedule the same interval, one run exists and one node executes it", async () => {
    const runs: string[] = [];
    const [a, b] = twoNodes((node) => ({ name: "tick", everyMs: 60_000, run: async () => void runs.push(node) }));
    await Promise.all([a.enqueueTick({ name: "tick", everyMs: 60_000, run: async () => {} }), b.enqueueTick({ name: "tick", everyMs: 60_000, run: async () => {} })]);
    const processed = await Promise.all([a.processDue("tick"), b.processDue("tick"), a.processDue("tick"), b.processDue("tick")]);
    expect(processed.reduce((s, n) => s + n, 0)).toBe(1);
    expect(runs).toHaveLength(1);
    // Nothing is left over for either node.
    expect(await a.processDue("tick")).toBe(0);
    expect(await b.processDue("tick")).toBe(0);
  });

  it("two started nodes (timers and workers, as in production) run the first tick of a job once", async () => {
    const runs: string[] = [];
    const [a, b] = twoNodes((node) => ({ name: "started", everyMs: 60_000, run: async () => void runs.push(node) }), { pollingIntervalSeconds: 0.5 });
    await Promise.all([a.start(), b.start()]);
    for (let waited = 0; runs.length === 0 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    // Both nodes have polled several times since: still one run.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toHaveLength(1);
  });

  it("never runs one job on two nodes at once, and runNow waits for its run wherever it executes", async () => {
    const probe = overlapProbe("slow", 150);
    const [a, b] = twoNodes(() => probe.job);
    // Two explicit runs and a scheduled tick, from both nodes at once.
    await Promise.all([a.runNow("slow"), b.runNow("slow"), b.enqueueTick({ name: "slow", everyMs: 3_600_000, run: async () => {} }).then(() => a.processDue("slow"))]);
    expect(probe.runs()).toBeGreaterThanOrEqual(2);
    expect(probe.maxActive()).toBe(1);
  });

  it("a run whose node crashed mid-run is expired and run again by the surviving node", async () => {
    const finished: string[] = [];
    let release: () => void = () => {};
    const [a, b] = twoNodes(
      (node) => ({
        name: "crashy",
        everyMs: 60_000,
        run: async () => {
          // Node a hangs forever mid-run (its process is about to die); node b completes.
          if (node === "a") await new Promise<void>((resolve) => (release = resolve));
          finished.push(node);
        },
      }),
      { expireInSeconds: 1 },
    );
    await a.enqueueTick({ name: "crashy", everyMs: 60_000, run: async () => {} });
    const hung = a.processDue("crashy");
    await new Promise((r) => setTimeout(r, 300));
    expect(await b.processDue("crashy")).toBe(0); // the run is active on a: singleton, b gets nothing
    await a.stop({ graceful: false }); // the crash: a's connections are gone, its run is still "active"
    await new Promise((r) => setTimeout(r, 1_300));
    await b.expireStalledRuns();
    expect(await b.processDue("crashy")).toBe(1);
    expect(finished).toEqual(["b"]);
    release();
    await hung.catch(() => undefined);
  });
});
