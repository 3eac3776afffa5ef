import { describe, expect, it } from "vitest";
import { naiveDistance, naiveZNormalize } from "../../test/reference/naive-search.js";
import { garchWalk } from "../../test/support/seeded-rng.js";
import { CandidateCollector } from "./candidate-collector.js";
import { computeChunkSpectra } from "./chunk-spectra.js";
import { scanDirectL2 } from "./direct-kernel.js";
import { scanMassL2 } from "./mass-kernel.js";
import { prepareQuery } from "./prepared-query.js";
import { computeSeriesFlags } from "./series-flags.js";
import { computeWindowStats } from "./window-stats.js";

/** Fast squared distances of every window in [from, to), taken from a collector that keeps everything. */
function fastScores(
  scan: (collector: CandidateCollector) => void,
  count: number,
  m: number,
): Map<number, { score: number }> {
  const collector = new CandidateCollector(count + 1, m);
  collector.beginSeries(0);
  scan(collector);
  const kept = collector.finish();
  const out = new Map<number, { score: number }>();
  for (let i = 0; i < kept.size; i++) out.set(kept.start[i], { score: kept.score[i] });
  return out;
}

function refSquared(values: Float64Array, query: Float64Array, s: number): number {
  const m = query.length;
  const d = naiveDistance(naiveZNormalize(query), naiveZNormalize(values.slice(s, s + m)), m, "l2");
  return d * d;
}

describe("scanMassL2 with explicit chunk sizes", () => {
  for (const n of [15, 16, 17, 63, 64, 65, 255, 256, 257]) {
    for (const [m, size] of [
      [3, 8],
      [4, 8],
      [5, 16],
      [8, 16],
      [16, 32],
      [17, 64],
    ]) {
      if (m > n) continue;
      it(`n=${n} m=${m} K=${size}: every window's squared distance matches the direct formula`, () => {
        const values = garchWalk({ length: n, seed: n * 31 + m, volPerBar: 0.02 });
        values[Math.floor(n / 2)] = Number.NaN;
        const query = garchWalk({ length: m, seed: m, volPerBar: 0.02 });
        const stats = computeWindowStats(values, computeSeriesFlags(values, undefined), m);
        const spectra = computeChunkSpectra(values, m, size);
        const prepared = prepareQuery(query);
        const from = Math.min(2, stats.count - 1);
        const to = stats.count;
        const mass = fastScores((c) => scanMassL2(spectra, stats, prepared, from, to, c), stats.count, m);
        const direct = fastScores((c) => scanDirectL2(values, stats, prepared, from, to, c), stats.count, m);
        let eligible = 0;
        for (let s = from; s < to; s++) {
          const window = values.subarray(s, s + m);
          if (window.some((v) => Number.isNaN(v))) {
            expect(mass.has(s)).toBe(false);
            continue;
          }
          eligible++;
          const ref = refSquared(values, query, s);
          expect(Math.abs(mass.get(s)!.score - ref)).toBeLessThan(1e-9 * m);
          expect(Math.abs(direct.get(s)!.score - ref)).toBeLessThan(1e-9 * m);
        }
        expect(mass.size).toBe(eligible);
        expect(mass.has(from - 1)).toBe(false);
      });
    }
  }

  it("rejects a chunk too short for the window", () => {
    expect(() => computeChunkSpectra(new Float64Array(100), 10, 8)).toThrow(RangeError);
  });
});
