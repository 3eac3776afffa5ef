import pino from "pino";
import { describe, expect, it } from "vitest";
import { overlapProbe } from "../support/overlap-probe.js";

const context = { nowMs: 0, signal: new AbortController().signal, logger: pino({ level: "silent" }) };

describe("overlapProbe", () => {
  it("sees overlapping runs, so a runner that overlapped them would fail the checks that use it", async () => {
    const probe = overlapProbe("probe", 10);
    await Promise.all([probe.job.run(context), probe.job.run(context)]);
    expect([probe.runs(), probe.maxActive()]).toEqual([2, 2]);
    await probe.job.run(context);
    expect([probe.runs(), probe.maxActive()]).toEqual([3, 2]);
  });

  it("counts 1 for runs one after the other", async () => {
    const probe = overlapProbe("probe", 1);
    await probe.job.run(context);
    await probe.job.run(context);
    expect([probe.runs(), probe.maxActive()]).toEqual([2, 1]);
  });
});
