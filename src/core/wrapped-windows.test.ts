import { describe, expect, it } from "vitest";
import { CandidateCollector } from "./candidate-collector.js";
import { ExactScorer } from "./exact-scorer.js";
import { prepareQuery } from "./prepared-query.js";
import { scanWrappedWindows } from "./wrapped-windows.js";

/** Wrapped starts a brute force admits: every value finite, no gap inside either part, no overlap with [a, b). */
function admitted(values: Float64Array, breaks: Uint8Array, m: number, exclude?: [number, number]): number[] {
  const n = values.length;
  const out: number[] = [];
  for (let s = n - m + 1; s < n; s++) {
    const head = s + m - n;
    const positions = [...Array.from({ length: n - s }, (_, i) => s + i), ...Array.from({ length: head }, (_, i) => i)];
    if (positions.some((p) => !Number.isFinite(values[p]))) continue;
    // A gap marker counts inside a part, never at the start of one (the splice itself is allowed).
    if (positions.some((p, i) => i > 0 && p !== 0 && breaks[p] === 1)) continue;
    if (exclude !== undefined && (s < exclude[1] || exclude[0] < head)) continue;
    out.push(s);
  }
  return out;
}

function offered(values: Float64Array, breaks: Uint8Array, query: Float64Array, metric: "l1" | "l2", exclude?: [number, number]) {
  const collector = new CandidateCollector(1_000, query.length, 1);
  scanWrappedWindows(values, breaks, prepareQuery(query), metric, exclude, collector);
  const list = collector.finish();
  return Array.from(list.start).map((s, i) => ({ s, lower: list.score[i] - list.error[i], upper: list.score[i] + list.error[i] }));
}

describe("wrapped windows scanned as the windows of a splice of the series' two ends", () => {
  const n = 60;
  const m = 12;
  const values = Float64Array.from({ length: n }, (_, i) => 50_000 + 300 * Math.sin(i / 3) + (i % 7));
  const query = Float64Array.from({ length: m }, (_, i) => Math.cos(i / 2) + i / 10);

  it("offers exactly the admissible wrapped windows, each with an interval holding its exact score", () => {
    const breaks = new Uint8Array(n);
    breaks[n - 3] = 1; // inside the tail: wrapped starts before it are out
    breaks[4] = 1; // inside the head: wrapped windows reaching x[4] are out
    breaks[0] = 1; // before the first bar: meaningless, and the splice stays allowed
    const gappy = values.slice();
    gappy[n - 8] = Number.NaN;
    for (const metric of ["l1", "l2"] as const) {
      for (const [series, exclude] of [[values, undefined], [gappy, undefined], [values, [2, 20]], [values, [55, 60]]] as const) {
        const found = offered(series, breaks, query, metric, exclude as [number, number] | undefined);
        expect(found.map((w) => w.s)).toEqual(admitted(series, breaks, m, exclude as [number, number] | undefined));
        const scorer = new ExactScorer(prepareQuery(query), metric);
        for (const w of found) {
          const exact = scorer.score(series, w.s);
          expect(exact).toBeGreaterThanOrEqual(w.lower);
          expect(exact).toBeLessThanOrEqual(w.upper);
        }
      }
    }
  });

  it("offers nothing when every wrapped window is excluded or the window is longer than the series", () => {
    expect(offered(values, new Uint8Array(n), query, "l2", [0, n])).toEqual([]);
    expect(offered(values.subarray(0, 10), new Uint8Array(10), query, "l2")).toEqual([]);
  });
});
