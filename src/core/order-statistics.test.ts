import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../test/support/seeded-rng.js";
import { percentileRanks, placeOrderStatistics } from "./order-statistics.js";
import { percentileOfSorted } from "./statistics.js";

describe("placeOrderStatistics", () => {
  const uniform = mulberry32(77);
  const samples: Float64Array[] = [
    Float64Array.from({ length: 2000 }, () => uniform() - 0.5),
    Float64Array.from({ length: 2000 }, () => Math.floor(uniform() * 5)), // many ties
    Float64Array.from({ length: 1001 }, (_, i) => i), // sorted
    Float64Array.from({ length: 1001 }, (_, i) => 1000 - i), // reversed
    Float64Array.from({ length: 64 }, () => 3), // constant
    Float64Array.from({ length: 3 }, () => uniform()),
    Float64Array.from([1]),
  ];

  it("puts at each asked rank the value a sort puts there, and keeps the multiset", () => {
    for (const sample of samples) {
      const sorted = sample.slice().sort();
      const n = sample.length;
      for (const ranks of [[0], [n - 1], [Math.floor(n / 2)], [Math.floor(n * 0.05), Math.floor(n * 0.05) + 1, Math.floor(n * 0.95), n - 1].filter((r) => r < n)]) {
        const work = sample.slice();
        placeOrderStatistics(work, ranks);
        for (const rank of ranks) expect(work[rank], `n=${n} rank ${rank}`).toBe(sorted[rank]);
        expect(work.slice().sort()).toEqual(sorted);
      }
    }
  });

  it("gives the type-7 percentiles of a sort, bit for bit", () => {
    for (const sample of samples) {
      const sorted = sample.slice().sort();
      const ps = [5, 95, 2.5, 97.5, 50, 0, 100, 33.3];
      const work = sample.slice();
      placeOrderStatistics(work, percentileRanks(sample.length, ps));
      for (const p of ps) expect(percentileOfSorted(work, p), `n=${sample.length} p=${p}`).toBe(percentileOfSorted(sorted, p));
    }
  });

  it("refuses a rank outside the array", () => {
    expect(() => placeOrderStatistics(new Float64Array(3), [3])).toThrow(RangeError);
    expect(() => placeOrderStatistics(new Float64Array(3), [-1])).toThrow(RangeError);
  });
});
