import { describe, expect, it } from "vitest";
import { coalescedSync } from "./coalesced-sync.js";

/** A sync whose runs the test finishes by hand, recording when each started. */
function manualSync() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      runs.push({ finish: resolve, fail: reject });
    });
  return { runs, sync };
}

describe("coalescedSync", () => {
  it("answers a caller only with a sync that started after it asked, sharing one queued sync among the callers that wait", async () => {
    const { runs, sync } = manualSync();
    const syncToDisk = coalescedSync(sync);
    const done: string[] = [];
    const first = syncToDisk().then(() => done.push("first"));
    expect(runs).toHaveLength(1);
    // Asked while the first sync runs: their writes may be newer than it, so they wait for a second one.
    const second = syncToDisk().then(() => done.push("second"));
    const third = syncToDisk().then(() => done.push("third"));
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(done).toEqual(["first"]);
    expect(runs).toHaveLength(2); // one sync for both waiting callers
    runs[1]!.finish();
    await Promise.all([second, third]);
    expect(done).toEqual(["first", "second", "third"]);
    // Nothing under way: a new caller starts its own at once.
    void syncToDisk();
    expect(runs).toHaveLength(3);
    runs[2]!.finish();
  });

  it("rejects the callers of a failed sync, and the queued ones still get a sync of their own", async () => {
    const { runs, sync } = manualSync();
    const syncToDisk = coalescedSync(sync);
    const failing = syncToDisk();
    const queued = syncToDisk();
    runs[0]!.fail(new Error("EIO"));
    await expect(failing).rejects.toThrow("EIO");
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await expect(queued).resolves.toBeUndefined();
  });
});
