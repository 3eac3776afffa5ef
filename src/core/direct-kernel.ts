/**
 * Direct sliding dot products for z-normalised L2 search: O(m) per window, no precomputation beyond
 * the rolling stats, fastest in pure JS for short queries (see kernel-choice.ts).
 *
 * Glossary: x = series values, m = window length, s = window start, qz = z-normalised query,
 * y = x - c_b (the stats block's shift; non-finite values become 0, their windows are ineligible anyway).
 *
 * Windows are processed per stats block: the block's data is shifted into a scratch buffer (so products
 * are formed from small numbers, no cancellation on prices like 1e5), then dots are computed eight
 * windows per pass over qz, which keeps eight independent accumulators in registers and reads each
 * qz[i] once per eight windows.
 */
import type { WindowSink } from "./candidate-collector.js";
import { offerL2Scores } from "./l2-scores.js";
import type { PreparedQuery } from "./prepared-query.js";
import { STATS_BLOCK, STATS_BLOCK_BITS, type WindowStats } from "./window-stats.js";

const EPSILON = 2 ** -52;

/** Offers every window start in [from, to) (non-wrapped, within stats.count) to the collector. */
export function scanDirectL2(
  values: Float64Array,
  stats: WindowStats,
  query: PreparedQuery,
  from: number,
  to: number,
  collector: WindowSink,
): void {
  const m = stats.m;
  const qz = query.z;
  const y = new Float64Array(STATS_BLOCK + m - 1);
  const dots = new Float64Array(STATS_BLOCK);
  // Rounding of a length-m dot product ~ sqrt(m) eps |qz| |y|; 4x slack, plus the sum qz != 0 residue.
  const roundingPerMaxAbs = 4 * EPSILON * Math.sqrt(m) * Math.sqrt(query.normSq) * Math.sqrt(m) + query.sumError;
  for (let b = from >> STATS_BLOCK_BITS; b << STATS_BLOCK_BITS < to; b++) {
    const lo = Math.max(from, b << STATS_BLOCK_BITS);
    const hi = Math.min(to, (b + 1) << STATS_BLOCK_BITS);
    const count = hi - lo;
    const shift = stats.blockShift[b];
    const span = count + m - 1;
    for (let i = 0; i < span; i++) {
      const v = values[lo + i];
      y[i] = v - v === 0 ? v - shift : 0;
    }
    let t = 0;
    for (; t + 8 <= count; t += 8) {
      let a0 = 0, a1 = 0, a2 = 0, a3 = 0, a4 = 0, a5 = 0, a6 = 0, a7 = 0;
      for (let i = 0; i < m; i++) {
        const q = qz[i];
        const p = t + i;
        a0 += q * y[p];
        a1 += q * y[p + 1];
        a2 += q * y[p + 2];
        a3 += q * y[p + 3];
        a4 += q * y[p + 4];
        a5 += q * y[p + 5];
        a6 += q * y[p + 6];
        a7 += q * y[p + 7];
      }
      dots[t] = a0;
      dots[t + 1] = a1;
      dots[t + 2] = a2;
      dots[t + 3] = a3;
      dots[t + 4] = a4;
      dots[t + 5] = a5;
      dots[t + 6] = a6;
      dots[t + 7] = a7;
    }
    for (; t < count; t++) {
      let a = 0;
      for (let i = 0; i < m; i++) a += qz[i] * y[t + i];
      dots[t] = a;
    }
    offerL2Scores(dots, count, lo, stats, query, roundingPerMaxAbs * stats.blockMaxAbs[b], collector);
  }
}
