/**
 * Final step of every search: re-score the surviving candidates exactly, then pick greedily.
 *
 * Glossary: k = matches wanted, m = window length, n = length of a candidate's series, s = window start.
 *
 * Greedy order is (exact score, series index, start): best first, ties to the lower series, then to the
 * lower start, so duplicated data resolves deterministically. A candidate is skipped when it overlaps an
 * earlier pick of the same series. Overlap is decided on occupied index positions taken circularly (a
 * wrapped window occupies s..n-1 and 0..s+m-n-1): two windows of length m overlap iff their starts are
 * fewer than m apart going either way round, |s_a - s_b| < m or n - |s_a - s_b| < m. For two non-wrapped
 * windows the second test can never hold, so this is the plain |s_a - s_b| < m rule.
 */
import type { CandidateList } from "./candidate-collector.js";
import { ExactScorer, scoreToDistance, type Metric } from "./exact-scorer.js";
import type { PreparedQuery } from "./prepared-query.js";

export interface WindowMatch {
  /** Index of the window's first value in its series. */
  start: number;
  /** z-normalised distance to the query (L2: Euclidean; L1: sum of absolute differences). */
  distance: number;
  /** True for a window that splices the end of the series onto its start (only with wrap: true). */
  wrapped: boolean;
  /** Position of the window's series in the list searched (0 for single-series searches). */
  seriesIndex: number;
}

export function selectMatches(
  candidates: CandidateList,
  seriesValues: readonly Float64Array[],
  query: PreparedQuery,
  metric: Metric,
  k: number,
): WindowMatch[] {
  const m = query.m;
  const scorer = new ExactScorer(query, metric);
  const scores = new Float64Array(candidates.size);
  for (let i = 0; i < candidates.size; i++) {
    scores[i] = scorer.score(seriesValues[candidates.seriesIndex[i]], candidates.start[i]);
  }
  const order = Array.from({ length: candidates.size }, (_, i) => i);
  order.sort(
    (a, b) =>
      scores[a] - scores[b] ||
      candidates.seriesIndex[a] - candidates.seriesIndex[b] ||
      candidates.start[a] - candidates.start[b],
  );
  const picks: WindowMatch[] = [];
  for (const i of order) {
    if (picks.length === k) break;
    const seriesIndex = candidates.seriesIndex[i];
    const start = candidates.start[i];
    const n = seriesValues[seriesIndex].length;
    const clash = picks.some((pick) => pick.seriesIndex === seriesIndex && windowsOverlap(pick.start, start, m, n));
    if (clash) continue;
    picks.push({ start, distance: scoreToDistance(scores[i], metric), wrapped: start + m > n, seriesIndex });
  }
  return picks;
}

/** Whether windows of length m starting at a and b share an index position of a circular series of n. */
export function windowsOverlap(a: number, b: number, m: number, n: number): boolean {
  const gap = Math.abs(a - b);
  return gap < m || n - gap < m;
}
