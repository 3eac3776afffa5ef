import { describe, expect, it } from "vitest";
import { bootstrapMeanInterval, mulberry32 } from "./bootstrap.js";

describe("bootstrapMeanInterval", () => {
  it("is reproducible for a seed and brackets the sample mean", () => {
    const values = [0.03, -0.01, 0.02, 0.05, -0.04, 0.01, 0.0, 0.02];
    const a = bootstrapMeanInterval(values, 2000, 0.9, mulberry32(7))!;
    const b = bootstrapMeanInterval(values, 2000, 0.9, mulberry32(7))!;
    expect(a).toEqual(b);
    const mean = values.reduce((s, v) => s + v, 0) / values.length;
    expect(a.low).toBeLessThan(mean);
    expect(a.high).toBeGreaterThan(mean);
    // Roughly mean +- 1.645 standard errors for a sample this regular.
    const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
    expect(a.high - a.low).toBeGreaterThan(2 * 1.2 * (sd / Math.sqrt(values.length)));
    expect(a.high - a.low).toBeLessThan(2 * 2.1 * (sd / Math.sqrt(values.length)));
  });

  it("collapses on a constant sample and refuses fewer than two values", () => {
    expect(bootstrapMeanInterval([0.02, 0.02, 0.02], 100, 0.9, mulberry32(1))).toEqual({ low: 0.02, high: 0.02 });
    expect(bootstrapMeanInterval([0.02], 100, 0.9, mulberry32(1))).toBeNull();
    expect(() => bootstrapMeanInterval([1, 2], 0, 0.9, mulberry32(1))).toThrow(RangeError);
    expect(() => bootstrapMeanInterval([1, 2], 10, 1, mulberry32(1))).toThrow(RangeError);
  });
});
