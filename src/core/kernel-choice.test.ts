import { describe, expect, it } from "vitest";
import { bestChunkSize, chooseL2Kernel, directCost, massCost } from "./kernel-choice.js";

describe("chooseL2Kernel", () => {
  it("uses direct dots for very short queries and MASS from the measured crossover on", () => {
    expect(chooseL2Kernel(1_000_000, 1_000_000, 4)).toEqual({ kind: "direct" });
    expect(chooseL2Kernel(1_000_000, 1_000_000, 8)).toEqual({ kind: "direct" });
    expect(chooseL2Kernel(1_000_000, 1_000_000, 60).kind).toBe("mass");
    expect(chooseL2Kernel(10_000, 10_000, 250).kind).toBe("mass");
  });

  it("picks chunks of at least 2m that stay cache-sized when they can", () => {
    for (const m of [2, 20, 60, 250, 1000]) {
      const size = bestChunkSize(1_000_000, m);
      expect(size).toBeGreaterThanOrEqual(2 * m);
      expect(size & (size - 1)).toBe(0);
      if (m <= 250) expect(size).toBeLessThanOrEqual(2048);
    }
    expect(bestChunkSize(1_000_000, 2 ** 20)).toBe(0);
    expect(chooseL2Kernel(1_000_000, 1_000_000, 2 ** 20)).toEqual({ kind: "direct" });
  });

  it("prices MASS by transforms and direct by terms", () => {
    expect(massCost(100, 200, 128)).toBe(Infinity);
    expect(directCost(1000, 250)).toBeGreaterThan(10 * directCost(1000, 20) / 2);
    expect(massCost(1_000_000, 250, 2048)).toBeLessThan(directCost(1_000_000, 250) / 4);
  });
});
