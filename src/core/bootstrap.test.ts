import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../test/support/seeded-rng.js";
import { bootstrapMeanInterval } from "./bootstrap.js";
import { percentile } from "./statistics.js";

describe("bootstrapMeanInterval", () => {
  it("is reproducible for a seed and brackets the sample mean", () => {
    const values = [0.03, -0.01, 0.02, 0.05, -0.04, 0.01, 0.0, 0.02];
    const a = bootstrapMeanInterval(values, 2000, 0.9, 7)!;
    const b = bootstrapMeanInterval(values, 2000, 0.9, 7)!;
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
    expect(bootstrapMeanInterval([0.02, 0.02, 0.02], 100, 0.9, 1)).toEqual({ low: 0.02, high: 0.02 });
    expect(bootstrapMeanInterval([0.02], 100, 0.9, 1)).toBeNull();
    expect(() => bootstrapMeanInterval([1, 2], 0, 0.9, 1)).toThrow(RangeError);
    expect(() => bootstrapMeanInterval([1, 2], 10, 1, 1)).toThrow(RangeError);
  });

  it("draws exactly the sequence of mulberry32(seed): the same bits as the generator called draw by draw", () => {
    /** The definition, literally: the generator called once a draw. */
    const literal = (values: number[], resamples: number, level: number, seed: number) => {
      const uniform = mulberry32(seed);
      const means = new Float64Array(resamples);
      for (let b = 0; b < resamples; b++) {
        let sum = 0;
        for (let j = 0; j < values.length; j++) sum += values[Math.floor(uniform() * values.length)]!;
        means[b] = sum / values.length;
      }
      means.sort();
      const tail = ((1 - level) / 2) * 100;
      return { low: percentile(means, tail), high: percentile(means, 100 - tail) };
    };
    const uniform = mulberry32(2024);
    for (const [n, seed] of [[2, 1], [7, 1], [31, 99], [250, 0xffffffff], [1000, 12345]] as const) {
      const values = Array.from({ length: n }, () => (uniform() - 0.5) * 0.1);
      expect(bootstrapMeanInterval(values, 2000, 0.9, seed)).toEqual(literal(values, 2000, 0.9, seed));
      expect(bootstrapMeanInterval(Float64Array.from(values), 500, 0.5, seed)).toEqual(literal(values, 500, 0.5, seed));
    }
    // Few resamples, many tied means, and other levels: the selected tails still equal the sorted ones.
    for (const [values, resamples, level] of [[[0, 0, 0, 1, 1], 2000, 0.9], [[0.01, -0.02], 3, 0.9], [[0.5, 0.25, -1], 10, 0.95], [[1, 2, 3, 4], 2001, 0.8]] as const) {
      expect(bootstrapMeanInterval(values, resamples, level, 5)).toEqual(literal([...values], resamples, level, 5));
    }
  });
});
