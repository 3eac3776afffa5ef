/**
 * Final step of every search: greedy non-overlapping selection on exact scores, re-scoring lazily.
 *
 * Glossary: k = matches wanted, m = window length, n = length of a candidate's series, s = window start,
 * lower = fast score - its error (a lower bound of the exact score).
 *
 * Greedy order is (exact score, series index, start): best first, ties to the lower series, then to the
 * lower start, so duplicated data resolves deterministically. A candidate is skipped when it overlaps an
 * earlier pick of the same series. Overlap is decided on occupied index positions taken circularly (a
 * wrapped window occupies s..n-1 and 0..s+m-n-1): two windows of length m overlap iff their starts are
 * fewer than m apart going either way round, |s_a - s_b| < m or n - |s_a - s_b| < m. For two non-wrapped
 * windows the second test can never hold, so this is the plain |s_a - s_b| < m rule.
 *
 * Lazy re-scoring: candidates sit in a min-heap keyed by (lower, series, start). Popping one that has not
 * been re-scored re-scores it exactly and pushes it back keyed by its exact score; popping a re-scored one
 * means every other candidate's exact score is at least as large (their keys are lower bounds), so it is
 * the next window in greedy order. A candidate overlapping a pick is dropped without re-scoring (it can
 * never be picked). With n/m small the candidate set can be thousands of windows while only about k of
 * them need the O(m) exact pass.
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
  const { seriesIndex, start } = candidates;
  const scorer = new ExactScorer(query, metric);
  const key = new Float64Array(candidates.size);
  const exact = new Uint8Array(candidates.size);
  for (let i = 0; i < candidates.size; i++) key[i] = candidates.score[i] - candidates.error[i];
  const before = (a: number, b: number) =>
    key[a] < key[b] || (key[a] === key[b] && (seriesIndex[a] - seriesIndex[b] || start[a] - start[b]) < 0);
  const heap = new IndexHeap(candidates.size, before);
  for (let i = 0; i < candidates.size; i++) heap.push(i);

  const picks: WindowMatch[] = [];
  while (picks.length < k && heap.size > 0) {
    const i = heap.pop();
    const series = seriesIndex[i];
    const s = start[i];
    const n = seriesValues[series].length;
    if (picks.some((pick) => pick.seriesIndex === series && windowsOverlap(pick.start, s, m, n))) continue;
    if (exact[i] === 0) {
      key[i] = scorer.score(seriesValues[series], s);
      exact[i] = 1;
      heap.push(i);
      continue;
    }
    picks.push({ start: s, distance: scoreToDistance(key[i], metric), wrapped: s + m > n, seriesIndex: series });
  }
  return picks;
}

/** Whether windows of length m starting at a and b share an index position of a circular series of n. */
export function windowsOverlap(a: number, b: number, m: number, n: number): boolean {
  const gap = Math.abs(a - b);
  return gap < m || n - gap < m;
}

/** Binary min-heap of indices under a caller-supplied strict order. */
class IndexHeap {
  size = 0;
  private readonly items: Int32Array;
  private readonly before: (a: number, b: number) => boolean;

  constructor(capacity: number, before: (a: number, b: number) => boolean) {
    this.items = new Int32Array(Math.max(1, capacity));
    this.before = before;
  }

  push(index: number): void {
    const items = this.items;
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(index, items[parent])) break;
      items[at] = items[parent];
      at = parent;
    }
    items[at] = index;
  }

  pop(): number {
    const items = this.items;
    const top = items[0];
    const last = items[--this.size];
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && this.before(items[child + 1], items[child])) child++;
      if (!this.before(items[child], last)) break;
      items[at] = items[child];
      at = child;
    }
    if (this.size > 0) items[at] = last;
    return top;
  }
}
