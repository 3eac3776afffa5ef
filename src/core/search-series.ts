/**
 * Exact top-k search for windows whose z-normalised shape resembles a query: the public entry points.
 *
 * Glossary: k = matches wanted, m = query (window) length, n = series length.
 *
 *   prepareSeries(values, breakBefore?)            -> PreparedSeries   (prepared-series.ts; reuse it)
 *   searchSeries(series, query, options)            -> WindowMatch[]    one query, one series
 *   searchSeriesWindow(series, start, m, options)   -> WindowMatch[]    the series' own window as query
 *   searchMany(seriesList, query, options)          -> WindowMatch[]    one query, many series (search-many.ts)
 *
 * Consumers: a similarity route calls searchSeries with excludeRange = the query's own range; walk-forward
 * and rolling backtests call searchSeriesWindow with causal: true for each query position on one
 * PreparedSeries (rolling stats per m and MASS spectra are built once and reused); screens and
 * cross-asset search call searchMany, which shares one pruning bound across all series.
 *
 * Semantics (exact, identical for every kernel): distance is z-normalised L2 (Euclidean) or L1 (sum of
 * absolute differences) with population std; a constant window or query (all values equal) normalises to
 * the zero vector, so both constant -> 0, exactly one constant -> sqrt(m) in L2 (sum |z| of the other in
 * L1). Matches never overlap each other (|start_a - start_b| < m counts as overlap; circular for wrapped
 * windows) nor the excluded range; a window containing a non-finite value or spanning a break
 * (breakBefore[j] = 1 for start < j < start + m) is never returned. Greedy selection, best distance first,
 * ties to the lower start (then, across series, to the lower series index). Final distances are recomputed
 * with a direct two-pass z-normalisation, so an exact self-match reports exactly 0.
 *
 * Kernels: with the WebAssembly SIMD kernels installed (wasm-kernels.ts; the services load them), L2
 * ("auto") and L1 run there: a segment-mean lower bound skips most windows, the rest are scored exactly;
 * where few places per match leave that bound nothing to prune (long windows on short series), L2 runs
 * as MASS instead (wasm-mass.ts; kernel-choice.ts decides per (series, m)).
 * Otherwise, and always for algorithm "direct" / "mass", the pure-JS kernels run: L2 uses direct sliding
 * dots for short queries and piecewise MASS with cached chunk spectra for long ones (kernel-choice.ts); L1
 * uses UCR-style early abandoning. All prune with the exclusion-safe
 * bound of candidate-collector.ts and carry a per-window error margin (set well above the rounding measured
 * in window-stats.test.ts and precision.test.ts), so rounding does not change which windows come back.
 *
 * This file is the seam for callers: it re-exports everything the entry points need.
 */
import { CandidateCollector } from "./candidate-collector.js";
import { prepareQuery } from "./prepared-query.js";
import type { PreparedSeries } from "./prepared-series.js";
import { validateExcludeRange, validateSearchOptions, type SearchOptions } from "./search-options.js";
import { selectMatches, withoutScore, type WindowMatch } from "./select-matches.js";
import { scanSeries } from "./series-scan.js";

export { prepareSeries, PreparedSeries } from "./prepared-series.js";
export { searchMany } from "./search-many.js";
export type { ManySearchOptions, SearchOptions } from "./search-options.js";
export type { WindowMatch } from "./select-matches.js";

/** Best k non-overlapping windows of `series` for `query` (see the file header for the rules). */
export function searchSeries(series: PreparedSeries, query: Float64Array, options: SearchOptions): WindowMatch[] {
  validateSearchOptions(options);
  const prepared = prepareQuery(query);
  if (prepared.m > series.length) {
    throw new RangeError(`query has ${prepared.m} values but the series only ${series.length}`);
  }
  validateExcludeRange(options.excludeRange, series.length, "excludeRange");
  const collector = new CandidateCollector(options.k, prepared.m, options.wrap === true ? 1 : 0);
  collector.beginSeries(0);
  scanSeries(
    series,
    {
      query: prepared,
      metric: options.metric,
      excludeRange: options.excludeRange,
      endBefore: options.endBefore,
      wrap: options.wrap ?? false,
      algorithm: options.algorithm ?? "auto",
    },
    collector,
  );
  return selectMatches(collector.finish(), [series.values], prepared, options.metric, options.k).map(withoutScore);
}

export interface WindowQueryOptions extends Omit<SearchOptions, "excludeRange" | "endBefore"> {
  /** Walk-forward: only windows that end at or before the query starts (start + m <= queryStart). */
  causal?: boolean;
}

/**
 * Searches `series` for the shape of its own window [queryStart, queryStart + m), which is always excluded.
 * With causal: true only the past is searched, which is what a walk-forward backtest may see at that bar.
 * Throws RangeError when the query window is outside the series or not eligible (non-finite value or gap).
 */
export function searchSeriesWindow(
  series: PreparedSeries,
  queryStart: number,
  m: number,
  options: WindowQueryOptions,
): WindowMatch[] {
  if (!Number.isInteger(m) || m < 2) throw new RangeError(`window length must be an integer >= 2, got ${m}`);
  if (!Number.isInteger(queryStart) || queryStart < 0 || queryStart + m > series.length) {
    throw new RangeError(`query window [${queryStart}, ${queryStart + m}) is outside the series of ${series.length}`);
  }
  if (!series.isEligibleWindow(queryStart, m)) {
    throw new RangeError(`query window [${queryStart}, ${queryStart + m}) holds a non-finite value or spans a gap`);
  }
  // Named fields rather than an object spread: rolling backtests call this per bar, and the spread cost ~0.5 us.
  return searchSeries(series, series.values.subarray(queryStart, queryStart + m), {
    k: options.k,
    metric: options.metric,
    wrap: options.wrap,
    algorithm: options.algorithm,
    excludeRange: [queryStart, queryStart + m],
    endBefore: options.causal === true ? queryStart : undefined,
  });
}
