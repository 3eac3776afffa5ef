import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { paymentLanes } from "./payment-lanes.js";

/** A unit of work whose end the test decides; records when it started. */
function step(started: string[], name: string) {
  let finish!: () => void;
  const ended = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: () => {
      started.push(name);
      return ended;
    },
    finish: async () => {
      finish();
      await ended;
      await Promise.resolve(); // the lanes see the end one microtask later
    },
  };
}

describe("payment lanes: cheap calls' payment steps before heavy ones'", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("starts a heavy step at once when no cheap step is under way, and everything unlabelled at once", () => {
    const lanes = paymentLanes(5);
    const started: string[] = [];
    lanes.run("heavy", step(started, "heavy").work);
    lanes.run(undefined, step(started, "mint").work);
    expect(started).toEqual(["heavy", "mint"]);
    expect(lanes.held).toBe(0);
  });

  it("holds a heavy step while cheap ones are under way and starts it when the last of them ends", async () => {
    const lanes = paymentLanes(5);
    const started: string[] = [];
    const cheap1 = step(started, "cheap1");
    const cheap2 = step(started, "cheap2");
    lanes.run("cheap", cheap1.work);
    lanes.run("heavy", step(started, "heavy").work);
    lanes.run("cheap", cheap2.work);
    lanes.run(undefined, step(started, "balance").work);
    expect(started).toEqual(["cheap1", "cheap2", "balance"]);
    expect(lanes.held).toBe(1);
    await cheap1.finish();
    expect(started).not.toContain("heavy");
    await cheap2.finish();
    expect(started).toEqual(["cheap1", "cheap2", "balance", "heavy"]);
    expect(lanes.held).toBe(0);
  });

  it("never holds a heavy step longer than the limit, however long the cheap ones take", async () => {
    const lanes = paymentLanes(5);
    const started: string[] = [];
    const cheap = step(started, "cheap");
    lanes.run("cheap", cheap.work);
    lanes.run("heavy", step(started, "heavy1").work);
    vi.advanceTimersByTime(4);
    lanes.run("heavy", step(started, "heavy2").work);
    expect(started).toEqual(["cheap"]);
    vi.advanceTimersByTime(1);
    expect(started).toEqual(["cheap", "heavy1", "heavy2"]);
    // A cheap step that ends later releases nothing twice; the next heavy step waits for a new limit.
    lanes.run("heavy", step(started, "heavy3").work);
    expect(lanes.held).toBe(1);
    await cheap.finish();
    expect(started).toEqual(["cheap", "heavy1", "heavy2", "heavy3"]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("counts a cheap step that failed as ended", async () => {
    const lanes = paymentLanes(5);
    const started: string[] = [];
    lanes.run("cheap", () => Promise.reject(new Error("chain down")));
    lanes.run("heavy", step(started, "heavy").work);
    await Promise.resolve();
    await Promise.resolve();
    expect(started).toEqual(["heavy"]);
  });
});
