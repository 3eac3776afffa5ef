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
 *
 * Up to SCAN_LIMIT candidates the same greedy order is followed by repeated minimum scans over a flat
 * array instead of the heap (selectByScan): cheaper when most candidates die by overlap, as they do for
 * long windows on short series.
 */
import type { CandidateList } from "./candidate-collector.js";
import { scoreL2Batch } from "./batch-scorer.js";
import { ExactScorer, scoreToDistance, type Metric } from "./exact-scorer.js";
import type { PreparedQuery } from "./prepared-query.js";
import { scratchFloat64Array } from "./scratch-arrays.js";

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

/** The plain match, without the score the greedy ranked it by. */
export function withoutScore({ score: _, ...match }: ScoredMatch): WindowMatch {
  return match;
}

/** A match with the exact score the greedy order ranked it by (L2: squared distance), for merging shards. */
export interface ScoredMatch extends WindowMatch {
  score: number;
}

export function selectMatches(
  candidates: CandidateList,
  seriesValues: readonly Float64Array[],
  query: PreparedQuery,
  metric: Metric,
  k: number,
): ScoredMatch[] {
  const m = query.m;
  const { seriesIndex, start } = candidates;
  const scorer = new ExactScorer(query, metric);
  // Candidates arrive in offer order, which is (series, start) order, so ties break by position.
  if (metric === "l2" && candidates.size <= k && allPicked(candidates, seriesValues, m)) {
    return pickAll(candidates, seriesValues, scorer, query);
  }
  const key = new Float64Array(candidates.size);
  // Windows offered with their exact score (error 0) count as re-scored already.
  const exact = candidates.exact === undefined ? new Uint8Array(candidates.size) : Uint8Array.from(candidates.exact);
  for (let i = 0; i < candidates.size; i++) key[i] = candidates.score[i] - candidates.error[i];
  if (candidates.size <= SCAN_LIMIT) return selectByScan(candidates, key, exact, seriesValues, scorer, metric, k, m);
  const heap = new IndexHeap(key);
  const picks: ScoredMatch[] = [];
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
    picks.push({ start: s, distance: scoreToDistance(key[i], metric), wrapped: s + m > n, seriesIndex: series, score: key[i] });
  }
  return picks;
}

/**
 * True when no two candidates overlap and none wraps: with at most k of them the greedy then takes them
 * all (as after the wasm MASS kernel's certified selection, which offers only its picks).
 */
function allPicked(candidates: CandidateList, seriesValues: readonly Float64Array[], m: number): boolean {
  const { seriesIndex, start, size } = candidates;
  for (let i = 0; i < size; i++) {
    if (start[i] + m > seriesValues[seriesIndex[i]].length) return false;
    if (i > 0 && seriesIndex[i] === seriesIndex[i - 1] && start[i] - start[i - 1] < m) return false;
  }
  return true;
}

/** Every candidate is a pick: exact scores four at a time, then greedy order (score, series, start). */
function pickAll(candidates: CandidateList, seriesValues: readonly Float64Array[], scorer: ExactScorer, query: PreparedQuery): ScoredMatch[] {
  const { seriesIndex, start, size } = candidates;
  const scores = scratchFloat64Array(size);
  const exact = candidates.exact;
  if (exact === undefined || exact.includes(0)) {
    const values: Float64Array[] = [];
    for (let i = 0; i < size; i++) values.push(seriesValues[seriesIndex[i]]);
    scoreL2Batch(scorer, query, values, start, scores);
  }
  // Scores the kernel already made exact are the same bits (they were computed as ExactScorer does).
  if (exact !== undefined) for (let i = 0; i < size; i++) if (exact[i] === 1) scores[i] = candidates.score[i];
  // Insertion sort by (score, position): at most k entries, and no comparator closures per query.
  const order: number[] = [];
  for (let i = 0; i < size; i++) {
    let at = order.length;
    while (at > 0 && scores[order[at - 1]] > scores[i]) at--;
    order.splice(at, 0, i);
  }
  const picks: ScoredMatch[] = [];
  for (const i of order) picks.push({ start: start[i], distance: scoreToDistance(scores[i], "l2"), wrapped: false, seriesIndex: seriesIndex[i], score: scores[i] });
  return picks;
}

/**
 * Up to this many candidates, the same greedy runs as repeated minimum scans over a flat array: each step
 * takes the smallest key (first position on ties), re-scores it if needed, and a pick retires every
 * candidate overlapping it. About 2k scans of a typed array beat thousands of heap pops, which is the
 * common case for long windows on short series (most windows stay candidates under a weak bound).
 */
const SCAN_LIMIT = 16_384;

function selectByScan(
  candidates: CandidateList,
  key: Float64Array,
  exact: Uint8Array,
  seriesValues: readonly Float64Array[],
  scorer: ExactScorer,
  metric: Metric,
  k: number,
  m: number,
): ScoredMatch[] {
  const { seriesIndex, start, size } = candidates;
  const picks: ScoredMatch[] = [];
  while (picks.length < k) {
    // The smallest and second-smallest (key, position); a re-scored best still ahead of the second is next.
    let best = -1;
    let bestKey = Infinity;
    let second = -1;
    let secondKey = Infinity;
    for (let i = 0; i < size; i++) {
      const value = key[i];
      if (value < secondKey) {
        if (value < bestKey) {
          second = best;
          secondKey = bestKey;
          best = i;
          bestKey = value;
        } else {
          second = i;
          secondKey = value;
        }
      }
    }
    if (best < 0) break;
    const series = seriesIndex[best];
    const s = start[best];
    const n = seriesValues[series].length;
    if (exact[best] === 0) {
      key[best] = scorer.score(seriesValues[series], s);
      exact[best] = 1;
      const stillFirst = key[best] < secondKey || (key[best] === secondKey && best < second);
      if (!stillFirst) continue;
    }
    picks.push({ start: s, distance: scoreToDistance(key[best], metric), wrapped: s + m > n, seriesIndex: series, score: key[best] });
    retireOverlapping(candidates, key, best, m, n);
  }
  return picks;
}

/**
 * Gives every candidate overlapping the pick at position `at` (the pick included) an infinite key (exact
 * scores are always finite). Candidates are in (series, start) order, so those overlapping a pick away
 * from the series' ends sit next to it; near an end, a wrapped window can overlap circularly, so all of the
 * series is checked.
 */
function retireOverlapping(candidates: CandidateList, key: Float64Array, at: number, m: number, n: number): void {
  const { seriesIndex, start, size } = candidates;
  const series = seriesIndex[at];
  const s = start[at];
  if (s < m || s + 2 * m > n) {
    for (let i = 0; i < size; i++) if (seriesIndex[i] === series && windowsOverlap(s, start[i], m, n)) key[i] = Infinity;
    return;
  }
  for (let i = at; i >= 0 && seriesIndex[i] === series && s - start[i] < m; i--) key[i] = Infinity;
  for (let i = at + 1; i < size && seriesIndex[i] === series && start[i] - s < m; i++) key[i] = Infinity;
}

/** Whether windows of length m starting at a and b share an index position of a circular series of n. */
export function windowsOverlap(a: number, b: number, m: number, n: number): boolean {
  const gap = Math.abs(a - b);
  return gap < m || n - gap < m;
}

/**
 * Binary min-heap of candidate positions ordered by (key, position), built in O(n). The comparison is
 * inlined on the typed array (no callback): with weak bounds (long windows on short series) thousands of
 * candidates pass through it, and it dominated the search.
 */
class IndexHeap {
  size: number;
  private readonly items: Int32Array;
  private readonly key: Float64Array;

  constructor(key: Float64Array) {
    this.key = key;
    this.size = key.length;
    this.items = new Int32Array(Math.max(1, key.length));
    for (let i = 0; i < key.length; i++) this.items[i] = i;
    for (let at = (this.size >> 1) - 1; at >= 0; at--) this.siftDown(at, this.items[at]);
  }

  push(index: number): void {
    const { items, key } = this;
    const k = key[index];
    let at = this.size++;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const p = items[parent];
      if (!(k < key[p] || (k === key[p] && index < p))) break;
      items[at] = p;
      at = parent;
    }
    items[at] = index;
  }

  pop(): number {
    const top = this.items[0];
    const last = this.items[--this.size];
    if (this.size > 0) this.siftDown(0, last);
    return top;
  }

  private siftDown(start: number, item: number): void {
    const { items, key, size } = this;
    const k = key[item];
    let at = start;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && (key[items[right]] < key[items[child]] || (key[items[right]] === key[items[child]] && items[right] < items[child]))) {
        child = right;
      }
      const c = items[child];
      if (!(key[c] < k || (key[c] === k && c < item))) break;
      items[at] = c;
      at = child;
    }
    items[at] = item;
  }
}
