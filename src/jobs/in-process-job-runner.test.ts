import pino from "pino";
import { describe, expect, it } from "vitest";
import { systemClock } from "../domain/clock.js";
import { overlapProbe } from "../../test/support/overlap-probe.js";
import { InProcessJobRunner } from "./in-process-job-runner.js";

const silent = pino({ level: "silent" });

describe("InProcessJobRunner", () => {
  it("never runs one job twice at once: a second runNow waits for the first and then runs", async () => {
    const runner = new InProcessJobRunner(systemClock, silent);
    const probe = overlapProbe("slow", 20);
    runner.register(probe.job);
    await Promise.all([runner.runNow("slow"), runner.runNow("slow"), runner.runNow("slow")]);
    expect(probe.maxActive()).toBe(1);
    expect(probe.runs()).toBeGreaterThanOrEqual(2);
    await runner.stop();
  });

  it("keeps the schedule after a failing run and refuses duplicate or unknown names", async () => {
    const runner = new InProcessJobRunner(systemClock, silent);
    let calls = 0;
    runner.register({ name: "flaky", everyMs: 3_600_000, run: async () => { calls += 1; if (calls === 1) throw new Error("boom"); } });
    await runner.runNow("flaky");
    await runner.runNow("flaky");
    expect(calls).toBe(2);
    expect(() => runner.register({ name: "flaky", everyMs: 1, run: async () => {} })).toThrow(/twice/);
    await expect(runner.runNow("missing")).rejects.toThrow(/no job/);
    await runner.stop();
  });

  it("start runs every job once at once, and stop aborts the signal", async () => {
    const runner = new InProcessJobRunner(systemClock, silent);
    let seen: AbortSignal | undefined;
    runner.register({ name: "once", everyMs: 3_600_000, run: async (ctx) => { seen = ctx.signal; } });
    await runner.start();
    await new Promise((r) => setTimeout(r, 10));
    expect(seen?.aborted).toBe(false);
    await runner.stop();
    expect(seen?.aborted).toBe(true);
  });
});
