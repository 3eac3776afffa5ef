import type { PreparedSeries } from "../core/prepared-series.js";
import { searchMany } from "../core/search-many.js";
import { toAnalog, type Analog, type AnalogOptions } from "./analog-search.js";
import { summarizeAnalogs, type AnalogSummary, type AverageWithCount } from "./analog-summary.js";
import type { PriceSeries } from "./price-series.js";

export interface SearchableSeries {
  series: PriceSeries;
  prepared: PreparedSeries;
}

/** An analog found in some series of a universe; its indices point into `series`. */
export interface SeriesAnalog extends Analog {
  series: PriceSeries;
}

/**
 * The window [queryStart, queryStart + m) of the FIRST series, searched across every series of the list
 * with one shared pruning bound (core searchMany): only the first series excludes the query's own range;
 * windows of other series are all eligible, whatever their dates. Overlap is ruled out within a series
 * only. Ties go to the earlier series of the list, then to the earlier window.
 */
export function findAnalogsAcross(list: readonly SearchableSeries[], queryStart: number, m: number, options: AnalogOptions): SeriesAnalog[] {
  const own = list[0];
  const query = own.series.closes.subarray(queryStart, queryStart + m);
  const matches = searchMany(
    list.map((entry) => entry.prepared),
    query,
    { k: options.k, metric: options.metric, wrap: options.wrap, excludeRanges: [[queryStart, queryStart + m]] },
  );
  return matches.map((match) => {
    const { series } = list[match.seriesIndex];
    return { ...toAnalog(series, match, m, options.metric), series };
  });
}

/**
 * The pattern summary over analogs that live in different series: each analog's forward and in-window
 * returns come from its own series (summarizeAnalogs per series), and the averages are pooled by count.
 */
export function summarizeAnalogsAcross(analogs: readonly SeriesAnalog[], querySeries: PriceSeries, queryStart: number): AnalogSummary {
  const groups = new Map<PriceSeries, SeriesAnalog[]>();
  for (const analog of analogs) groups.set(analog.series, [...(groups.get(analog.series) ?? []), analog]);
  // Only the query's own series can leak the query's bars into an outcome.
  const parts = [...groups].map(([series, group]) => summarizeAnalogs(series, group, series === querySeries ? queryStart : undefined));
  const pool = (pick: (s: AnalogSummary) => AverageWithCount): AverageWithCount => {
    const n = parts.reduce((total, part) => total + pick(part).n, 0);
    if (n === 0) return { average: null, n: 0 };
    return { average: parts.reduce((total, part) => total + (pick(part).average ?? 0) * pick(part).n, 0) / n, n };
  };
  return { forward7d: pool((s) => s.forward7d), forward30d: pool((s) => s.forward30d), withinPattern: pool((s) => s.withinPattern) };
}
