import { describe, expect, it } from "vitest";
import { startWorker } from "../../src/threads/start-worker.js";
import { HEAVY_WORK_NICE, idleThisThread, lowerThisThreadsPriority, SCHED_IDLE_POLICY } from "../../src/threads/thread-priority.js";
import { ownScheduling } from "../support/own-scheduling.js";

type Scheduling = { nice: number; policy: number };
type Report = { before: Scheduling; lowered: Scheduling; idle: Scheduling };

describe.runIf(process.platform === "linux")("lowerThisThreadsPriority", () => {
  it("puts a worker thread at nice 10, then on SCHED_IDLE, without touching the rest of the process", async () => {
    const worker = startWorker(import.meta.url, "../support/thread-priority-probe");
    const report = await new Promise<Report>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(report.before).toEqual({ nice: 0, policy: 0 });
    expect(report.lowered).toEqual({ nice: HEAVY_WORK_NICE, policy: 0 });
    // chrt is part of util-linux, on every machine this project runs on.
    expect(report.idle).toEqual({ nice: HEAVY_WORK_NICE, policy: SCHED_IDLE_POLICY });
    expect(ownScheduling()).toEqual({ nice: 0, policy: 0 });
  });

  it("never lowers the main thread", () => {
    lowerThisThreadsPriority();
    idleThisThread();
    expect(ownScheduling()).toEqual({ nice: 0, policy: 0 });
  });
});
