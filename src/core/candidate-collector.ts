/**
 * Keeps every window that could still be among the final k matches, and a pruning bound that stays
 * valid under the non-overlap rule and under early abandoning.
 *
 * Glossary: k = matches wanted, m = window length, s = window start, R = the representative set.
 * A window's fast score v comes with an error e (>= 0): its exact score lies in [v - e, v + e].
 *
 * Why not the plain k-th best score: greedy non-overlapping selection can knock out candidates, so the
 * k-th best window need not survive. Instead R holds up to 2k-1 windows that pairwise do not overlap
 * (|s_a - s_b| >= m, same series). Each greedy pick overlaps at most two members of R (members are m
 * apart; a pick reaches m-1 to either side), so after k-1 picks one member is still free and the k-th pick
 * scores at most max over R of (v + e) =: bound. Every window whose exact score can be <= bound, i.e.
 * v - e <= bound, is therefore kept; windows above it can be skipped or abandoned early.
 *
 * (With the online construction below, a brute-force search over 2 million small random cases found no
 * failure even with only k members; 2k-1 is kept because it is the proven bound, and it costs little.)
 *
 * R is maintained online while windows arrive in index order: a new window can only overlap the most
 * recently added member (older members are m apart from it, and it is to the right of them), so it
 * either replaces that member when better, or joins R, evicting R's worst member once R is full.
 * Windows from different series never overlap; beginSeries() resets that bookkeeping, and one collector
 * can serve many series with one shared bound.
 *
 * Ties: the greedy pass orders windows by (score, series, start), so the bound is really the largest
 * (score, series, start) triple in R. A window scoring exactly the bound with a later position cannot be
 * picked either; pruning it keeps long runs of exactly tied windows (flat stretches, a constant query)
 * from all becoming candidates. Wrapped windows are kept as candidates but never join R
 * (R stays valid with fewer members; it just prunes less).
 */
export interface CandidateList {
  readonly size: number;
  readonly seriesIndex: Int32Array;
  readonly start: Int32Array;
  readonly score: Float64Array;
}

export class CandidateCollector {
  /** Current bound: a window with v - e > limit cannot be among the k picks. Infinity until R is full. */
  limit = Infinity;
  /** Series and start of the R member that sets `limit` (the tie-break part of the bound). */
  private limitSeries = 0;
  private limitStart = 0;
  private readonly capacity: number;
  private readonly m: number;
  private readonly repScore: Float64Array;
  private readonly repStart: Int32Array;
  private readonly repSeries: Int32Array;
  private repCount = 0;
  /** Slot in R of the member added last in the current series, or -1. */
  private latest = -1;
  private series = 0;
  private size = 0;
  private seriesOf = new Int32Array(64);
  private startOf = new Int32Array(64);
  private scoreOf = new Float64Array(64);
  private errorOf = new Float64Array(64);
  private compactAt = 4096;

  constructor(k: number, m: number) {
    this.capacity = 2 * k - 1;
    this.m = m;
    this.repScore = new Float64Array(this.capacity);
    this.repStart = new Int32Array(this.capacity);
    this.repSeries = new Int32Array(this.capacity);
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
      if (upper < this.repScore[latest]) {
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
      out++;
    }
    this.size = out;
    this.compactAt = Math.max(4096, 2 * out);
  }

  private grow(): void {
    const length = this.startOf.length * 2;
    const seriesOf = new Int32Array(length);
    const startOf = new Int32Array(length);
    const scoreOf = new Float64Array(length);
    const errorOf = new Float64Array(length);
    seriesOf.set(this.seriesOf);
    startOf.set(this.startOf);
    scoreOf.set(this.scoreOf);
    errorOf.set(this.errorOf);
    this.seriesOf = seriesOf;
    this.startOf = startOf;
    this.scoreOf = scoreOf;
    this.errorOf = errorOf;
  }
}
