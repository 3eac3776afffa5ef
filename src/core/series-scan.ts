/**
 * Scans one prepared series for one query into a CandidateCollector: works out which window starts the
 * request admits, runs the kernel for the metric over them, then adds the wrapped windows if asked.
 *
 * Glossary: n = series length, m = window length, s = window start, count = n - m + 1 non-wrapped
 * windows, [a, b) = the excluded index range (usually the query's own position).
 *
 * Admissible non-wrapped starts: s + m <= endBefore (causal search) and no overlap with [a, b), i.e. not
 * a - m < s < b. That leaves at most two intervals, and kernels only touch those, so a causal search
 * over the first half of a series costs about half as much. Ineligible windows (non-finite values, gaps)
 * are skipped inside the kernels through the per-window kind.
 *
 * Wrapped windows (s = n-m+1 .. n-1, only with wrap and without endBefore, since they contain the last
 * bar) occupy x[s..n-1] and x[0..s+m-n-1]: they are ineligible when either part holds a non-finite value
 * or a gap (the splice itself is allowed), and excluded when either part meets [a, b). They are scanned as
 * the windows of a splice of the two ends (wrapped-windows.ts) and offered as candidates only: they never
 * join the pruning set.
 */
import type { CandidateCollector } from "./candidate-collector.js";
import { scanDirectL2 } from "./direct-kernel.js";
import type { Metric } from "./exact-scorer.js";
import { bestChunkSize, chooseL2Kernel } from "./kernel-choice.js";
import { scanEarlyAbandonL1 } from "./l1-early-abandon.js";
import { scanMassL2 } from "./mass-kernel.js";
import type { PreparedQuery } from "./prepared-query.js";
import type { PreparedSeries } from "./prepared-series.js";
import { activeWasmKernels } from "./wasm-kernels.js";
import { scanWrappedWindows } from "./wrapped-windows.js";

/** "auto" uses the cost model; "direct" and "mass" force an L2 kernel (for tests and benchmarks). */
export type L2Algorithm = "auto" | "direct" | "mass";
// With wasm kernels active (wasm-kernels.ts), "auto" L2 and every L1 scan run there: a segment lower
// bound prunes most windows and the rest are scored exactly, or, for L2 on series with few places per
// match, wasm MASS (wasm-mass.ts); "direct" and "mass" stay on the JS kernels.

export interface ScanRequest {
  query: PreparedQuery;
  metric: Metric;
  excludeRange: readonly [number, number] | undefined;
  endBefore: number | undefined;
  wrap: boolean;
  algorithm: L2Algorithm;
  /**
   * The collector's bound is shared with other series (a cross-series search): after the first few series it is
   * tight, so the wasm kernels' pruning path (segment lower bound, then exact scores for the few windows left)
   * beats MASS, which scores every window. Measured on 500 walks of 6,000 bars, warm: 0.070 against 0.077 ms a
   * series at m = 22, 0.083 against 0.105 at m = 60, 0.178 against 0.237 at m = 252; and an index without the
   * MASS arrays holds 64-70 bytes a bar instead of 98-110.
   */
  sharedBound?: boolean;
}

export function scanSeries(series: PreparedSeries, request: ScanRequest, collector: CandidateCollector): void {
  const m = request.query.m;
  const n = series.length;
  if (m > n) return;
  const count = n - m + 1;
  const last = request.endBefore === undefined ? count : Math.min(count, Math.max(0, request.endBefore - m + 1));
  const intervals: [number, number][] = [];
  if (request.excludeRange === undefined) {
    intervals.push([0, last]);
  } else {
    const [a, b] = request.excludeRange;
    intervals.push([0, Math.min(last, Math.max(0, a - m + 1))], [Math.max(0, b), last]);
  }
  const admitted = intervals.filter(([from, to]) => from < to);
  const windowCount = admitted.reduce((total, [from, to]) => total + to - from, 0);

  const kernels = activeWasmKernels();
  if (kernels !== undefined && windowCount > 0 && (request.metric === "l1" || request.algorithm === "auto")) {
    const index = request.sharedBound === true ? series.wasmIndex(kernels, m, 0) : series.wasmIndex(kernels, m);
    if (request.metric === "l2" && index.usesMass) {
      // MASS finds its own bound from every window's score; sampling a seed would only add work.
      // Wrapped windows (offered below) may overlap this scan's picks, so they need every candidate.
      index.scanL2Mass(request.query, admitted, Infinity, !request.wrap, collector);
    } else {
      const seed = index.seedBound(request.metric, request.query, admitted, collector.k);
      for (const [from, to] of admitted) index.scan(request.metric, request.query, from, to, seed, collector);
    }
  } else if (request.metric === "l1") {
    const stats = series.windowStats(m);
    for (const [from, to] of admitted) scanEarlyAbandonL1(series.values, stats, request.query, from, to, collector);
  } else if (windowCount > 0) {
    const stats = series.windowStats(m);
    const choice = pickL2Kernel(request.algorithm, windowCount, count, m);
    for (const [from, to] of admitted) {
      if (choice === "direct") {
        scanDirectL2(series.values, stats, request.query, from, to, collector);
      } else {
        scanMassL2(series.chunkSpectra(m, choice), stats, request.query, from, to, collector);
      }
    }
  }
  if (request.wrap && request.endBefore === undefined) {
    scanWrappedWindows(series.values, series.breakBefore, request.query, request.metric, request.excludeRange, collector);
  }
}

/** "direct", or the MASS chunk size. */
function pickL2Kernel(algorithm: L2Algorithm, windowCount: number, seriesWindowCount: number, m: number): "direct" | number {
  if (algorithm === "direct") return "direct";
  if (algorithm === "mass") {
    const size = bestChunkSize(seriesWindowCount, m);
    if (size === 0) throw new RangeError(`query of ${m} values is too long for the MASS kernel`);
    return size;
  }
  const choice = chooseL2Kernel(windowCount, seriesWindowCount, m);
  return choice.kind === "direct" ? "direct" : choice.chunkSize;
}
