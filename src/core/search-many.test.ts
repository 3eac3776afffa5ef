import { describe, expect, it } from "vitest";
import { describeMismatch, naiveSearch, naiveSearchMany, type NaiveMatch } from "../../test/reference/naive-search.js";
import { garchWalk } from "../../test/support/seeded-rng.js";
import { prepareSeries } from "./prepared-series.js";
import { searchMany } from "./search-many.js";
import type { SearchOptions } from "./search-options.js";

const VARIANTS: Pick<SearchOptions, "metric" | "algorithm">[] = [
  { metric: "l2", algorithm: "direct" },
  { metric: "l2", algorithm: "mass" },
  { metric: "l2" },
  { metric: "l1" },
];

function universe(): { values: Float64Array; breakBefore?: Uint8Array }[] {
  const withGap = garchWalk({ length: 700, seed: 3, volPerBar: 0.01, startPrice: 60_000 });
  const breakBefore = new Uint8Array(700);
  breakBefore[350] = 1;
  withGap[100] = Number.NaN;
  const duplicate = garchWalk({ length: 500, seed: 1, volPerBar: 0.015 });
  return [
    { values: garchWalk({ length: 500, seed: 1, volPerBar: 0.015 }) },
    { values: garchWalk({ length: 12, seed: 2, volPerBar: 0.015 }) }, // shorter than most queries
    { values: withGap, breakBefore },
    { values: duplicate }, // identical to series 0: ties go to the lower series index
    { values: garchWalk({ length: 1500, seed: 4, volPerBar: 1e-5, startPrice: 1.1 }) },
  ];
}

/** Greedy merge of per-series oracle results: overlap never crosses series, so this is the global answer. */
function mergePerSeries(perSeries: NaiveMatch[][], k: number): NaiveMatch[] {
  return perSeries
    .flat()
    .sort((a, b) => a.distance - b.distance || a.seriesIndex - b.seriesIndex || a.start - b.start)
    .slice(0, k);
}

describe("searchMany", () => {
  const list = universe();
  const prepared = list.map((s) => prepareSeries(s.values, s.breakBefore));

  for (const m of [5, 30, 120]) {
    for (const variant of VARIANTS) {
      it(`m=${m} ${variant.metric}/${variant.algorithm ?? "auto"}: equals the oracle and the merge of per-series results`, () => {
        const query = list[0].values.slice(200, 200 + m);
        const excludeRanges: ([number, number] | undefined)[] = [[200, 200 + m], undefined, undefined, [200, 200 + m]];
        for (const extra of [{}, { endBefore: 400 }, { wrap: true }]) {
          const options = { k: 12, ...extra };
          const comp = searchMany(prepared, query, { ...options, ...variant, excludeRanges });
          const ref = naiveSearchMany(list, query, { ...options, metric: variant.metric, excludeRanges });
          expect(describeMismatch(ref, comp), JSON.stringify(extra)).toBeNull();
          const perSeries = list.map((s, i) =>
            naiveSearch(s, query, { ...options, metric: variant.metric, excludeRange: excludeRanges[i] }).map((match) => ({
              ...match,
              seriesIndex: i,
            })),
          );
          expect(describeMismatch(mergePerSeries(perSeries, 12), comp)).toBeNull();
        }
      });
    }
  }

  it("breaks ties between identical series by series index, and tags matches with it", () => {
    const query = list[0].values.slice(40, 70);
    const matches = searchMany(prepared, query, { k: 4, metric: "l2" });
    expect(matches.slice(0, 2).map((m) => [m.seriesIndex, m.start, m.distance])).toEqual([
      [0, 40, 0],
      [3, 40, 0],
    ]);
    // Over the two identical series alone, matches come in (series 0, series 1) pairs at the same start.
    const twins = searchMany([prepared[0], prepared[3]], query, { k: 8, metric: "l1" });
    for (let i = 0; i < 8; i += 2) {
      expect([twins[i].seriesIndex, twins[i + 1].seriesIndex]).toEqual([0, 1]);
      expect(twins[i + 1].start).toBe(twins[i].start);
      expect(twins[i + 1].distance).toBe(twins[i].distance);
    }
  });

  it("validates excludeRanges against each series", () => {
    const query = list[0].values.slice(0, 10);
    expect(() => searchMany(prepared, query, { k: 1, metric: "l2", excludeRanges: [undefined, [0, 13]] })).toThrow(
      /excludeRanges\[1\]/,
    );
    expect(() =>
      searchMany(prepared.slice(0, 1), query, { k: 1, metric: "l2", excludeRanges: [undefined, undefined] }),
    ).toThrow(RangeError);
    expect(searchMany([], query, { k: 3, metric: "l1" })).toEqual([]);
  });
});
