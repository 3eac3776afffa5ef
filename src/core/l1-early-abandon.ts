/**
 * Exact z-normalised L1 search (sum of absolute differences) by UCR-style early abandoning.
 *
 * Glossary: m = window length, s = window start, qz = z-normalised query, y = x - c_b (stats block
 * shift), mu' = window mean - c_b, sigma = window population std, e = the error bound of one fast score.
 *
 * L1 has no FFT identity, so each window is z-normalised just in time from the rolling stats:
 * wz[i] = (y[s+i] - mu') / sigma. Terms are summed in the order of |qz| descending (large query values
 * tend to give large differences, so the running sum crosses the bound soonest), and a window is
 * abandoned as soon as its partial sum exceeds the collector's bound plus e. Any partial sum is a lower
 * bound of the full one, so an abandoned window could not have been among the k picks.
 *
 * Shifting by c_b before subtracting mu' keeps the centring exact-ish on prices like 1e5 with tiny moves.
 * Constant windows score sum |qz| exactly (the policy's zero vector).
 */
import type { WindowSink } from "./candidate-collector.js";
import type { PreparedQuery } from "./prepared-query.js";
import { STATS_BLOCK, STATS_BLOCK_BITS, STATS_RELATIVE_ERROR, WindowKind, type WindowStats } from "./window-stats.js";

const EPSILON = 2 ** -52;

/** Offers every window start in [from, to) (non-wrapped, within stats.count) that survives abandoning. */
export function scanEarlyAbandonL1(
  values: Float64Array,
  stats: WindowStats,
  query: PreparedQuery,
  from: number,
  to: number,
  collector: WindowSink,
): void {
  const { m, kind, invStd, shiftedMean } = stats;
  const order = query.order;
  const qs = query.zOrdered;
  const y = new Float64Array(STATS_BLOCK + m - 1);
  // sum |wz| <= m for a z-normalised window, so a relative 1/sigma error moves the score by <= m * that.
  const statsError = m * STATS_RELATIVE_ERROR;
  // Locals, not WindowKind.x in the loop: V8 re-reads imported bindings each time (measured 4x slower).
  const ineligible = WindowKind.ineligible;
  const constant = WindowKind.constant;
  for (let b = from >> STATS_BLOCK_BITS; b << STATS_BLOCK_BITS < to; b++) {
    const lo = Math.max(from, b << STATS_BLOCK_BITS);
    const hi = Math.min(to, (b + 1) << STATS_BLOCK_BITS);
    const shift = stats.blockShift[b];
    const span = hi - lo + m - 1;
    for (let i = 0; i < span; i++) {
      const v = values[lo + i];
      y[i] = v - v === 0 ? v - shift : 0;
    }
    // Sliding sums leave mu' off by up to ~256 eps maxAbs (worst case), which shifts all m terms alike.
    const centringError = m * 512 * EPSILON * stats.blockMaxAbs[b];
    for (let s = lo; s < hi; s++) {
      const windowKind = kind[s];
      if (windowKind === ineligible) continue;
      if (windowKind === constant) {
        if (query.sumAbs <= collector.limit) collector.offer(s, query.sumAbs, 0);
        continue;
      }
      const mu = shiftedMean[s];
      const inv = invStd[s];
      const error = statsError + centringError * inv;
      const limit = collector.limit + error;
      const base = s - lo;
      let sum = 0;
      let j = 0;
      for (; j < m; j++) {
        sum += Math.abs(qs[j] - (y[base + order[j]] - mu) * inv);
        if (sum > limit) break;
      }
      if (j === m) collector.offer(s, sum, error);
    }
  }
}
