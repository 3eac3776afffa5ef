/**
 * Turns sliding dot products into fast squared z-normalised Euclidean distances and offers them.
 *
 * Glossary: m = window length, s = window start, qz = z-normalised query, w = a window, sigma = its
 * population std, dot = sum_i qz[i] * (w[i] - c) for some shift c (sum qz = 0 makes c irrelevant).
 *
 * With the constant policy (a constant vector z-normalises to zeros):
 *   D^2 = |qz|^2 + |wz|^2 - 2 dot / sigma, with |qz|^2 in {m, 0} and |wz|^2 in {m, 0},
 * so both constant -> 0, exactly one constant -> m, otherwise 2m - 2 dot / sigma = 2m (1 - rho).
 * The error attached to each score covers the rolling-stats error (a relative STATS_RELATIVE_ERROR on
 * 1/sigma moves 2 dot / sigma by that fraction; doubled for safety) plus the caller's bound on the dot
 * error. Constant windows and a constant query score exactly (error 0), so exact ties stay exact ties.
 */
import type { WindowSink } from "./candidate-collector.js";
import type { PreparedQuery } from "./prepared-query.js";
import { STATS_RELATIVE_ERROR, WindowKind, type WindowStats } from "./window-stats.js";

export function offerL2Scores(
  dots: Float64Array,
  count: number,
  firstStart: number,
  stats: WindowStats,
  query: PreparedQuery,
  dotError: number,
  collector: WindowSink,
): void {
  const { kind, invStd, m } = stats;
  const both = query.normSq + m;
  const statsFactor = 4 * STATS_RELATIVE_ERROR;
  const dotErrorTwice = 2 * dotError;
  // Locals, not WindowKind.x in the loop: V8 re-reads imported bindings each time (measured 4x slower).
  const normal = WindowKind.normal;
  const constant = WindowKind.constant;
  for (let t = 0; t < count; t++) {
    const s = firstStart + t;
    const windowKind = kind[s];
    if (windowKind === normal) {
      const inv = invStd[s];
      const dot = dots[t];
      const score = both - 2 * dot * inv;
      const error = inv * (statsFactor * Math.abs(dot) + dotErrorTwice);
      if (score - error <= collector.limit) collector.offer(s, score, error);
    } else if (windowKind === constant) {
      if (query.normSq <= collector.limit) collector.offer(s, query.normSq, 0);
    }
  }
}
