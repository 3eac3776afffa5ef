/**
 * The wrapped windows of one series, scanned with the same kernels as the others. A wrapped window s (s = n-m+1
 * .. n-1, only with wrap and without endBefore) is x[s..n-1] followed by x[0..s+m-n-1]: exactly window j = s -
 * (n-m+1) of the splice x[n-m+1..n-1] ++ x[0..m-2] (2m-2 values, m-1 windows). So the splice gets its own rolling
 * statistics (with the gap markers of both parts and none at the splice itself, which is allowed), and the direct
 * L2 and early-abandoning L1 kernels run over it as over any series: a shared bound prunes wrapped windows as it
 * prunes the others, and each survivor is re-scored exactly at the end like every candidate. Scoring each of them
 * exactly as it came (the former way) cost about 4m operations a window, which at m = 252 was most of a
 * universe search's time per series.
 *
 * Glossary: n = series length, m = window length, s = wrapped start, j = its window in the splice.
 */
import type { CandidateCollector, WindowSink } from "./candidate-collector.js";
import { scanDirectL2 } from "./direct-kernel.js";
import type { Metric } from "./exact-scorer.js";
import { scanEarlyAbandonL1 } from "./l1-early-abandon.js";
import type { PreparedQuery } from "./prepared-query.js";
import { computeSeriesFlags } from "./series-flags.js";
import { computeWindowStats } from "./window-stats.js";

/** Offers the wrapped windows of `values` that do not meet `excludeRange` ([a, b)), as candidates only. */
export function scanWrappedWindows(
  values: Float64Array,
  breakBefore: Uint8Array | undefined,
  query: PreparedQuery,
  metric: Metric,
  excludeRange: readonly [number, number] | undefined,
  collector: CandidateCollector,
): void {
  const m = query.m;
  const n = values.length;
  if (m < 2 || m > n) return;
  const first = n - m + 1;
  // Window j starts at s = first + j and continues into x[0..j]: excluded when s < b or a < j + 1.
  const from = excludeRange === undefined ? 0 : Math.max(0, excludeRange[1] - first);
  const to = excludeRange === undefined ? m - 1 : Math.min(m - 1, excludeRange[0]);
  if (from >= to) return;
  const splice = new Float64Array(2 * m - 2);
  splice.set(values.subarray(first, n), 0);
  splice.set(values.subarray(0, m - 1), m - 1);
  let spliceBreaks: Uint8Array | undefined;
  if (breakBefore !== undefined) {
    spliceBreaks = new Uint8Array(2 * m - 2);
    spliceBreaks.set(breakBefore.subarray(first, n), 0);
    // Position m - 1 (x[0] after x[n-1]) is the splice: no marker. The head's own markers follow it.
    spliceBreaks.set(breakBefore.subarray(1, m - 1), m);
  }
  const stats = computeWindowStats(splice, computeSeriesFlags(splice, spliceBreaks), m);
  const sink: WindowSink = {
    get limit() {
      return collector.limit;
    },
    offer: (j, score, error) => collector.offerCandidateOnly(first + j, score, error),
  };
  if (metric === "l1") scanEarlyAbandonL1(splice, stats, query, from, to, sink);
  else scanDirectL2(splice, stats, query, from, to, sink);
}
