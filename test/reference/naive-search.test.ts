/** The oracle checked by hand on cases small enough to work out on paper. */
import { describe, expect, it } from "vitest";
import { describeMismatch, naiveDistance, naiveSearch, naiveSearchMany, naiveZNormalize } from "./naive-search.js";

describe("naive oracle", () => {
  it("z-normalises with population std and returns null for constant windows", () => {
    const z = naiveZNormalize(new Float64Array([1, 2, 3]))!;
    const s = Math.sqrt(2 / 3);
    expect(Array.from(z)).toEqual([-1 / s, 0, 1 / s].map((v) => expect.closeTo(v, 14)));
    expect(naiveZNormalize(new Float64Array([4, 4, 4]))).toBeNull();
  });

  it("measures L2 and L1 with the constant policy", () => {
    const a = naiveZNormalize(new Float64Array([1, 2, 3]))!;
    const b = naiveZNormalize(new Float64Array([3, 2, 1]))!;
    // a = -b, |a|^2 = 3, so |a - b| = 2 sqrt(3); L1 = 2 * sum |a| = 4 / sqrt(2/3).
    expect(naiveDistance(a, b, 3, "l2")).toBeCloseTo(2 * Math.sqrt(3), 12);
    expect(naiveDistance(a, b, 3, "l1")).toBeCloseTo(4 / Math.sqrt(2 / 3), 12);
    expect(naiveDistance(a, null, 3, "l2")).toBe(Math.sqrt(3));
    expect(naiveDistance(null, null, 3, "l1")).toBe(0);
    expect(naiveDistance(null, a, 3, "l1")).toBeCloseTo(2 / Math.sqrt(2 / 3), 12);
  });

  it("picks greedily without overlap, skipping the excluded range, gaps and NaN", () => {
    // Rising triples at 0, 4 and 9; a NaN spoils 6..8; a gap before 12 spoils windows 10 and 11.
    const values = new Float64Array([1, 2, 3, 0, 5, 6, 7, Number.NaN, 0, 1, 2, 3, 9, 9]);
    const breakBefore = new Uint8Array(values.length);
    breakBefore[12] = 1;
    const query = new Float64Array([10, 20, 30]);
    const matches = naiveSearch({ values, breakBefore }, query, { k: 5, metric: "l2", excludeRange: [0, 3] });
    expect(matches.slice(0, 2).map((m) => [m.start, m.distance])).toEqual([
      [4, 0],
      [8, expect.closeTo(0, 12)],
    ]);
    for (const m of matches) {
      expect(m.start).toBeGreaterThanOrEqual(3);
      expect([6, 7, 10, 11]).not.toContain(m.start);
    }
  });

  it("wraps only on request and splices end and start", () => {
    const values = new Float64Array([3, 4, 0, 0, 9, 1, 2]);
    const query = new Float64Array([1, 2, 3, 4]);
    expect(naiveSearch({ values }, query, { k: 1, metric: "l2" })[0].wrapped).toBe(false);
    const [best] = naiveSearch({ values }, query, { k: 1, metric: "l2", wrap: true });
    expect(best).toEqual({ start: 5, distance: 0, wrapped: true, seriesIndex: 0 });
    expect(naiveSearch({ values }, query, { k: 3, metric: "l2", wrap: true, endBefore: 7 }).some((m) => m.wrapped)).toBe(false);
  });

  it("merges series with ties to the lower series index", () => {
    const values = new Float64Array([1, 2, 3, 1, 2, 3]);
    const matches = naiveSearchMany([{ values }, { values }], new Float64Array([1, 2, 3]), { k: 3, metric: "l1" });
    // All four windows score 0: (distance, series, start) order puts both of series 0 first.
    expect(matches.map((m) => [m.seriesIndex, m.start])).toEqual([
      [0, 0],
      [0, 3],
      [1, 0],
    ]);
  });

  it("describeMismatch reports differences in start, count and distance", () => {
    const a = [{ start: 1, distance: 1, wrapped: false, seriesIndex: 0 }];
    expect(describeMismatch(a, a)).toBeNull();
    expect(describeMismatch(a, [])).toMatch(/expected 1/);
    expect(describeMismatch(a, [{ ...a[0], start: 2 }])).toMatch(/rank 0/);
    expect(describeMismatch(a, [{ ...a[0], distance: 1 + 1e-6 }])).toMatch(/distance/);
  });
});
