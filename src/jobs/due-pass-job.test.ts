import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { duePassJob } from "./due-pass-job.js";

/** A pino logger whose lines land in `lines`, parsed. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

describe("duePassJob", () => {
  it("hands the pass the tick's time, logger and signal, and logs its report only when something was due", async () => {
    const { logger, lines } = capturingLogger();
    const dueCounts = [0, 3];
    const seen: { nowMs: number; aborted: boolean }[] = [];
    const job = duePassJob("test-pass", 15_000, "test pass ran", async (nowMs, _logger, signal) => {
      seen.push({ nowMs, aborted: signal.aborted });
      return { due: dueCounts[seen.length - 1], scored: 2 };
    });
    expect(job).toMatchObject({ name: "test-pass", everyMs: 15_000 });
    expect(job.perNode).toBeUndefined();

    const signal = new AbortController().signal;
    await job.run({ nowMs: 1_000, logger, signal });
    expect(lines).toHaveLength(0);
    await job.run({ nowMs: 2_000, logger, signal });
    expect(seen).toEqual([
      { nowMs: 1_000, aborted: false },
      { nowMs: 2_000, aborted: false },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "test pass ran", due: 3, scored: 2 });
  });
});
