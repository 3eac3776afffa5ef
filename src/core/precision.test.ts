/**
 * Known precision traps (pattern-search.md §5): price levels far above the spread, FX-like tiny moves,
 * exact self-matches, windows that move by a single tick. Every kernel must agree with the careful oracle.
 */
import { describe, expect, it } from "vitest";
import { describeMismatch, naiveSearch } from "../../test/reference/naive-search.js";
import { garchWalk, mulberry32, normalSampler } from "../../test/support/seeded-rng.js";
import { prepareSeries } from "./prepared-series.js";
import type { SearchOptions } from "./search-options.js";
import { searchSeries } from "./search-series.js";

const VARIANTS: Pick<SearchOptions, "metric" | "algorithm">[] = [
  { metric: "l2", algorithm: "direct" },
  { metric: "l2", algorithm: "mass" },
  { metric: "l1" },
];

const noise = normalSampler(mulberry32(2024));
const SERIES: [string, Float64Array][] = [
  ["1e5 level, 1e-3 noise", Float64Array.from({ length: 4000 }, () => 1e5 + 1e-3 * noise())],
  ["1e5 level random walk with 1e-6 relative moves", garchWalk({ length: 4000, seed: 8, volPerBar: 1e-6, startPrice: 1e5 })],
  ["FX-like 1.1 with 1e-5 moves", garchWalk({ length: 4000, seed: 9, volPerBar: 1e-5 / 1.1, startPrice: 1.1 })],
  ["BTC-like $60k, 0.15 %/bar", garchWalk({ length: 4000, seed: 10, volPerBar: 0.0015, startPrice: 60_000 })],
];

describe("high-priced and FX-like series", () => {
  for (const [name, values] of SERIES) {
    for (const m of [20, 60, 250]) {
      it(`${name}, m=${m}: every kernel equals the oracle`, () => {
        const series = prepareSeries(values);
        const q0 = 1234;
        const query = values.slice(q0, q0 + m);
        for (const variant of VARIANTS) {
          const options = { k: 10, excludeRange: [q0, q0 + m] as [number, number] };
          const ref = naiveSearch({ values }, query, { ...options, metric: variant.metric });
          const comp = searchSeries(series, query, { ...options, ...variant });
          expect(describeMismatch(ref, comp), `${variant.metric}/${variant.algorithm}`).toBeNull();
        }
      });
    }
  }
});

describe("exact self-match", () => {
  it("scores exactly 0 with every kernel, wherever the window sits", () => {
    for (const [name, values] of SERIES) {
      const series = prepareSeries(values);
      for (const m of [20, 250]) {
        for (const q0 of [0, 1777, values.length - m]) {
          for (const variant of VARIANTS) {
            const [best] = searchSeries(series, values.slice(q0, q0 + m), { k: 1, ...variant });
            expect(best, `${name} m=${m} q0=${q0} ${variant.metric}/${variant.algorithm}`).toEqual({
              start: q0,
              distance: 0,
              wrapped: false,
              seriesIndex: 0,
            });
          }
        }
      }
    }
  });
});

describe("near-flat windows", () => {
  it("z-normalises a window that moves by a single tick like any other (no relative floor)", () => {
    // Forward-filled stretches at 1.1000 with one 0.0001 tick: shapes are real, only tiny.
    const values = new Float64Array(300).fill(1.1);
    for (let i = 0; i < 300; i += 37) values[i] = 1.1001;
    values.set(garchWalk({ length: 100, seed: 4, volPerBar: 0.001, startPrice: 1.1 }), 200);
    const query = values.slice(30, 50);
    for (const variant of VARIANTS) {
      const ref = naiveSearch({ values }, query, { k: 8, metric: variant.metric, excludeRange: [30, 50] });
      const comp = searchSeries(prepareSeries(values), query, { k: 8, ...variant, excludeRange: [30, 50] });
      expect(describeMismatch(ref, comp), `${variant.metric}/${variant.algorithm}`).toBeNull();
      expect(comp[0].distance).toBe(0);
    }
  });
});
