/**
 * Piecewise MASS: sliding dot products of the z-normalised query with every window, from cached chunk
 * spectra (chunk-spectra.ts), then fast L2 scores (l2-scores.ts). O(log K) work per window instead of O(m).
 *
 * Glossary: m = window length, K = chunk size, step = K - m + 1, qz = z-normalised query,
 * r = qz reversed and zero-padded to K, chunk c serves window starts [c*step, (c+1)*step).
 *
 * Convolving chunk y with r gives, at position t + m - 1 (t < step), sum_i qz[i] * y[t + i]: exactly the
 * dot product of window c*step + t, with no circular wrap-around because t + m - 1 < K.
 */
import type { CandidateCollector } from "./candidate-collector.js";
import type { ChunkSpectra } from "./chunk-spectra.js";
import { offerL2Scores } from "./l2-scores.js";
import type { PreparedQuery } from "./prepared-query.js";
import type { WindowStats } from "./window-stats.js";

const EPSILON = 2 ** -52;

/** Offers every window start in [from, to) (non-wrapped, within stats.count) to the collector. */
export function scanMassL2(
  spectra: ChunkSpectra,
  stats: WindowStats,
  query: PreparedQuery,
  from: number,
  to: number,
  collector: CandidateCollector,
): void {
  const { size, step, m, plan } = spectra;
  const log2Size = Math.log2(size);
  // Query spectrum, with the inverse transform's 1/K folded in.
  const queryRe = new Float64Array(size);
  const queryIm = new Float64Array(size);
  for (let j = 0; j < m; j++) queryRe[j] = query.z[m - 1 - j] / size;
  plan.forward(queryRe, queryIm);
  const workRe = new Float64Array(size);
  const workIm = new Float64Array(size);
  // Rounding of an FFT convolution ~ eps log2(K) |y| |r|; 8x slack, plus the sum qz != 0 residue.
  const roundingPerNorm = 8 * EPSILON * log2Size * Math.sqrt(query.normSq);
  const firstPair = Math.floor(from / (2 * step));
  const lastPair = Math.floor((to - 1) / (2 * step));
  for (let p = firstPair; p <= lastPair; p++) {
    const base = p * size;
    const specRe = spectra.re;
    const specIm = spectra.im;
    for (let k = 0; k < size; k++) {
      const ar = specRe[base + k];
      const ai = specIm[base + k];
      const br = queryRe[k];
      const bi = queryIm[k];
      workRe[k] = ar * br - ai * bi;
      workIm[k] = ar * bi + ai * br;
    }
    plan.inverse(workRe, workIm);
    for (let half = 0; half < 2; half++) {
      const c = 2 * p + half;
      if (c >= spectra.chunkCount) break;
      const lo = Math.max(from, c * step);
      const hi = Math.min(to, (c + 1) * step);
      if (lo >= hi) continue;
      const source = half === 0 ? workRe : workIm;
      const offset = m - 1 + lo - c * step;
      const dots = source.subarray(offset, offset + hi - lo);
      const dotError = roundingPerNorm * spectra.chunkNorm[c] + query.sumError * spectra.chunkMaxAbs[c];
      offerL2Scores(dots, hi - lo, lo, stats, query, dotError, collector);
    }
  }
}
