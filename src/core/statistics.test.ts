import { describe, expect, it } from "vitest";
import { mean, median, percentile, percentileOfSorted, sampleStd, sampleStdOfRange } from "./statistics.js";

describe("mean", () => {
  it("averages", () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(mean(new Float64Array([5]))).toBe(5);
  });

  it("stays accurate far from zero", () => {
    const values = Array.from({ length: 1000 }, (_, i) => 1e8 + (i % 2 === 0 ? 1e-4 : -1e-4));
    expect(Math.abs(mean(values) - 1e8)).toBeLessThan(1e-8);
  });

  it("rejects empty and non-finite input", () => {
    expect(() => mean([])).toThrow(RangeError);
    expect(() => mean([1, Number.NaN])).toThrow(TypeError);
  });
});

describe("median", () => {
  it("is the middle value, or the mean of the two middle values, without mutating its input", () => {
    const values = [5, 1, 3];
    expect(median(values)).toBe(3);
    expect(values).toEqual([5, 1, 3]);
    expect(median([3, 1, 2, 10])).toBe(2.5);
    expect(median([-0.5])).toBe(-0.5);
  });

  it("throws on empty input and on non-finite values", () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN])).toThrow(TypeError);
  });
});

describe("sampleStd", () => {
  it("divides by n - 1", () => {
    // Deviations from 5: -3, -1, -1, -1, 0, 0, 2, 4 -> squares sum 32, / 7.
    expect(sampleStd([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 14);
  });

  it("is 0 for equal values and needs two of them", () => {
    expect(sampleStd([3, 3, 3])).toBe(0);
    expect(() => sampleStd([1])).toThrow(RangeError);
  });

  it("does not cancel on a high level with a tiny spread", () => {
    expect(sampleStd([1e9 + 1, 1e9 - 1, 1e9 + 1, 1e9 - 1])).toBeCloseTo(Math.sqrt(4 / 3), 9);
  });
});

describe("percentile", () => {
  it("interpolates linearly between closest ranks (numpy 'linear')", () => {
    const values = [15, 20, 35, 40, 50];
    expect(percentile(values, 0)).toBe(15);
    expect(percentile(values, 100)).toBe(50);
    expect(percentile(values, 50)).toBe(35);
    // h = 4 * 0.4 = 1.6 -> 20 + 0.6 * (35 - 20) = 29
    expect(percentile(values, 40)).toBeCloseTo(29, 12);
    // numpy.percentile([15,20,35,40,50], 5) = 16
    expect(percentile(values, 5)).toBeCloseTo(16, 12);
  });

  it("sorts a copy and leaves the input alone", () => {
    const values = new Float64Array([3, -1, 2]);
    expect(percentile(values, 50)).toBe(2);
    expect(Array.from(values)).toEqual([3, -1, 2]);
  });

  it("handles one value and rejects bad p", () => {
    expect(percentile([7], 90)).toBe(7);
    expect(() => percentile([1, 2], 101)).toThrow(RangeError);
    expect(() => percentile([1, 2], Number.NaN)).toThrow(RangeError);
    expect(() => percentile([], 50)).toThrow(RangeError);
  });
});

describe("sampleStdOfRange", () => {
  it("gives exactly sampleStd of the same slice (same bits), for every window of a series", () => {
    let state = 12345;
    const next = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.04;
    const values = Float64Array.from({ length: 400 }, next);
    for (const width of [2, 3, 20, 60]) {
      for (let start = 0; start + width <= values.length; start += 7) {
        expect(Object.is(sampleStdOfRange(values, start, start + width), sampleStd(values.subarray(start, start + width)))).toBe(true);
      }
    }
  });
});

describe("percentileOfSorted", () => {
  it("gives percentile()'s bits on input already sorted, and refuses a p outside [0, 100]", () => {
    let state = 17;
    const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.2;
    for (const n of [1, 2, 7, 2000]) {
      const values = Array.from({ length: n }, next);
      const sorted = Float64Array.from(values).sort();
      for (const p of [0, 5, 10, 33.3, 50, 90, 95, 100]) expect(percentileOfSorted(sorted, p)).toBe(percentile(values, p));
    }
    expect(() => percentileOfSorted([1, 2], 101)).toThrow(RangeError);
  });
});
