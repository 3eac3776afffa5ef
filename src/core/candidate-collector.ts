/**
 * Keeps every window that could still be among the final k matches, and a pruning bound that stays
 * valid under the non-overlap rule and under early abandoning.
 *
 * Glossary: k = matches wanted, m = window length, s = window start, R = the representative set.
 * A window's fast score v comes with an error e (>= 0): its exact score lies in [v - e, v + e];
 * lower = v - e, upper = v + e. Greedy selection orders windows by (exact score, series, start).
 *
 * Why not the plain k-th best score: greedy non-overlapping selection can knock out candidates, so the
 * k-th best window need not survive (pattern-search.md §2). Instead R holds windows that pairwise do not
 * overlap (|s_a - s_b| >= m, same series), and bound = max over R of upper. If the greedy pass cannot
 * block all of R within k-1 picks, some member is still free at the k-th pick, so the k-th pick scores at
 * most `bound`, and any window with lower > bound can be skipped or abandoned early.
 *
 * R is built online while windows arrive in index order (per series). A new window w can only overlap
 * the member added last ("latest"; older members are >= m to its left). If it overlaps it, w replaces
 * it unless lower(w) >= upper(latest), i.e. unless w is certainly no better; otherwise w joins R,
 * evicting R's worst member once R is full.
 *
 * How many members are needed. Any pick overlaps at most two members, so 2k-1 always suffice (the
 * note's rule). The online rule gives more: a pick p that overlaps two members a < p < b arrived while
 * a was the latest member (nothing between a and p could join without replacing a), and p did not replace
 * a, so exact(p) >= upper(a) >= exact(a), and a (earlier start) comes first in greedy order. So a was
 * already blocked when p was picked: every pick blocks at most one member that was still free, and k
 * members suffice. Wrapped windows never pass through the online rule (they are offered as candidates
 * only), and one wrapped pick can overlap the first and the last member of its series; all wrapped windows
 * of a series overlap each other, so it adds at most one member per series: capacity = k + (series
 * searched with wrap), capped at 2k-1. The property test in candidate-collector.test.ts checks this
 * against brute force with ties and score errors, and fails with one member fewer.
 *
 * Ties: since greedy order is (score, series, start), the bound is really the largest (upper, series,
 * start) triple in R; a window whose lower score equals the bound but comes later cannot be picked
 * either. Pruning it keeps long runs of exactly tied windows (flat stretches, a constant query) from all
 * becoming candidates. Windows from different series never overlap; beginSeries() resets the latest
 * member, and one collector serves many series with one shared bound.
 */
import { carveBytes, scratchUint8Array } from "./scratch-arrays.js";

/**
 * Kept windows before the first growth. The MASS path keeps only its k picks, and a zero-filled 24 KB
 * buffer per query showed in its per-query cost; the bound paths keep a few hundred (a few doublings).
 */
const INITIAL_CAPACITY = 64;

/** What the scan kernels offer windows to: a CandidateCollector, or an adapter in front of one (wrapped-windows.ts). */
export interface WindowSink {
  /** A window whose score minus its error lies above this cannot be among the picks. */
  readonly limit: number;
  /** Window s with fast score `score` and error bound `error`, in index order. */
  offer(s: number, score: number, error: number): void;
}

export interface CandidateList {
  readonly size: number;
  readonly seriesIndex: Int32Array;
  readonly start: Int32Array;
  readonly score: Float64Array;
  readonly error: Float64Array;
  /** 1 where `score` is already the exact score (error 0; offerExact), absent when no window is. */
  readonly exact: Uint8Array | undefined;
}

export class CandidateCollector {
  /** Current bound: a window with v - e > limit cannot be among the k picks. Infinity until R is full. */
  limit = Infinity;
  /** Series and start of the R member that sets `limit` (the tie-break part of the bound). */
  private limitSeries = 0;
  private limitStart = 0;
  /** Matches wanted. */
  readonly k: number;
  /** Size of R (k, plus one per series searched with wrap, at most 2k - 1); the wasm MASS kernel mirrors it. */
  readonly capacity: number;
  private readonly m: number;
  // Plain arrays: R holds at most 2k - 1 numbers, and a typed array costs more to create than to use here.
  private readonly repScore: number[];
  private readonly repStart: number[];
  private readonly repSeries: number[];
  private repCount = 0;
  /** Slot in R of the member added last in the current series, or -1. */
  private latest = -1;
  private series = 0;
  private size = 0;
  private seriesOf: Int32Array;
  private startOf: Int32Array;
  private scoreOf: Float64Array;
  private errorOf: Float64Array;
  /** Allocated by the first offerExact: the bound-only paths never pay for it. */
  private exactOf: Uint8Array | undefined;
  private compactAt = 4096;

  /** `wrapSeries`: how many of the searched series admit wrapped windows (each may need one more member). */
  constructor(k: number, m: number, wrapSeries = 0) {
    this.k = k;
    this.capacity = Math.min(2 * k - 1, k + wrapSeries);
    this.m = m;
    [this.seriesOf, this.startOf, this.scoreOf, this.errorOf] = candidateArrays(INITIAL_CAPACITY);
    this.repScore = new Array<number>(this.capacity).fill(0);
    this.repStart = new Array<number>(this.capacity).fill(0);
    this.repSeries = new Array<number>(this.capacity).fill(0);
  }

  /** Windows offered from now on belong to series `seriesIndex` (must not go back to an earlier one). */
  beginSeries(seriesIndex: number): void {
    this.series = seriesIndex;
    this.latest = -1;
  }

  /** Offer window s with fast score `score` and error bound `error`; windows must come in index order. */
  offer(s: number, score: number, error: number): void {
    if (this.beyondLimit(s, score - error)) return;
    this.keep(s, score, error);
    const upper = score + error;
    const latest = this.latest;
    if (latest >= 0 && s - this.repStart[latest] < this.m) {
      // Replace unless certainly no better: the k-member argument needs exact(w) >= exact(latest) here.
      if (score - error < this.repScore[latest]) {
        this.repStart[latest] = s;
        this.repScore[latest] = upper;
        if (this.repCount === this.capacity) this.refreshLimit();
      }
      return;
    }
    if (this.repCount < this.capacity) {
      this.latest = this.repCount++;
      this.repSeries[this.latest] = this.series;
      this.repStart[this.latest] = s;
      this.repScore[this.latest] = upper;
      if (this.repCount === this.capacity) this.refreshLimit();
      return;
    }
    // Equal scores lose the tie to every current member, which all come earlier in (series, start) order.
    if (upper >= this.limit) return;
    const worst = this.worstMember();
    this.repSeries[worst] = this.series;
    this.repStart[worst] = s;
    this.repScore[worst] = upper;
    this.latest = worst;
    this.refreshLimit();
  }

  /**
   * offer() for a window whose exact score is already known (the wasm MASS kernel re-scores its certified
   * picks itself): the selection then takes it as re-scored instead of computing it again.
   */
  offerExact(s: number, score: number): void {
    // offer() keeps every window not beyond the limit, appending it last (after any compaction).
    if (this.beyondLimit(s, score)) return;
    this.offer(s, score, 0);
    this.exactOf ??= scratchUint8Array(this.startOf.length);
    this.exactOf[this.size - 1] = 1;
  }

  /** Offer a window that must not join R (a wrapped window); order does not matter. */
  offerCandidateOnly(s: number, score: number, error: number): void {
    if (!this.beyondLimit(s, score - error)) this.keep(s, score, error);
  }

  /** The kept windows that can still beat the final bound, in the order they were offered. */
  finish(): CandidateList {
    this.compact();
    return {
      size: this.size,
      seriesIndex: this.seriesOf.subarray(0, this.size),
      start: this.startOf.subarray(0, this.size),
      score: this.scoreOf.subarray(0, this.size),
      error: this.errorOf.subarray(0, this.size),
      exact: this.exactOf?.subarray(0, this.size),
    };
  }

  /** Whether (lower, current series, s) comes after the bound triple, so the window cannot be picked. */
  private beyondLimit(s: number, lower: number): boolean {
    if (lower !== this.limit) return lower > this.limit;
    return this.series !== this.limitSeries ? this.series > this.limitSeries : s > this.limitStart;
  }

  /** Index in R of the largest (score, series, start) member. */
  private worstMember(): number {
    let worst = 0;
    for (let r = 1; r < this.repCount; r++) {
      const a = this.repScore[r];
      const b = this.repScore[worst];
      if (a > b || (a === b && (this.repSeries[r] - this.repSeries[worst] || this.repStart[r] - this.repStart[worst]) > 0)) {
        worst = r;
      }
    }
    return worst;
  }

  private refreshLimit(): void {
    const worst = this.worstMember();
    this.limit = this.repScore[worst];
    this.limitSeries = this.repSeries[worst];
    this.limitStart = this.repStart[worst];
  }

  private keep(s: number, score: number, error: number): void {
    if (this.size === this.startOf.length) {
      if (this.size >= this.compactAt) this.compact();
      if (this.size === this.startOf.length) this.grow();
    }
    const i = this.size++;
    if (this.exactOf !== undefined) this.exactOf[i] = 0;
    this.seriesOf[i] = this.series;
    this.startOf[i] = s;
    this.scoreOf[i] = score;
    this.errorOf[i] = error;
  }

  /** Drops kept windows the bound has since excluded; amortised so the list stays near its useful size. */
  private compact(): void {
    let out = 0;
    for (let i = 0; i < this.size; i++) {
      const lower = this.scoreOf[i] - this.errorOf[i];
      if (lower > this.limit) continue;
      if (lower === this.limit) {
        const seriesAfter = this.seriesOf[i] - this.limitSeries || this.startOf[i] - this.limitStart;
        if (seriesAfter > 0) continue;
      }
      this.seriesOf[out] = this.seriesOf[i];
      this.startOf[out] = this.startOf[i];
      this.scoreOf[out] = this.scoreOf[i];
      this.errorOf[out] = this.errorOf[i];
      if (this.exactOf !== undefined) this.exactOf[out] = this.exactOf[i];
      out++;
    }
    this.size = out;
    this.compactAt = Math.max(4096, 2 * out);
  }

  private grow(): void {
    const [seriesOf, startOf, scoreOf, errorOf] = candidateArrays(this.startOf.length * 2);
    seriesOf.set(this.seriesOf);
    startOf.set(this.startOf);
    scoreOf.set(this.scoreOf);
    errorOf.set(this.errorOf);
    this.seriesOf = seriesOf;
    this.startOf = startOf;
    this.scoreOf = scoreOf;
    this.errorOf = errorOf;
    if (this.exactOf !== undefined) {
      const exactOf = scratchUint8Array(startOf.length);
      exactOf.set(this.exactOf);
      this.exactOf = exactOf;
    }
  }
}

/**
 * The four per-candidate arrays as views of one range of a scratch slab (scratch-arrays.ts): a typed array
 * with its own backing store costs ~0.7 us in V8, which showed up in the per-query overhead on short
 * series. The range is 8-byte aligned, and so are the Float64 views at 8 and 16 bytes per candidate in.
 */
function candidateArrays(length: number): [Int32Array, Int32Array, Float64Array, Float64Array] {
  const [buffer, at] = carveBytes(24 * length);
  return [
    new Int32Array(buffer, at, length),
    new Int32Array(buffer, at + 4 * length, length),
    new Float64Array(buffer, at + 8 * length, length),
    new Float64Array(buffer, at + 16 * length, length),
  ];
}
