import type { PreparedSeries } from "../core/prepared-series.js";
import type { Analog } from "./analog-search.js";
import { summarizeAnalogs, type AnalogSummary, type AverageWithCount } from "./analog-summary.js";
import { lowerBound, type PriceSeries } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";

export interface SearchableSeries {
  series: PriceSeries;
  prepared: PreparedSeries;
}

/** An analog found in some series of a universe; its indices point into `series`. */
export interface SeriesAnalog extends Analog {
  series: PriceSeries;
}

/**
 * The starts of the windows of `series` that are concurrent with a query dated [firstMs, lastMs]: a window
 * [s, s + m) is concurrent when it starts by the query's last bar and its last bar plus `horizonDays` lies
 * after the query's first bar, so it shares the query's dates or its outcome runs into or past them (the
 * move that followed the query, seen through a correlated series). As a core exclude range [a, b), which
 * rules out the starts a - m < s < b; undefined when no window is concurrent.
 */
export function concurrentRange(series: PriceSeries, m: number, firstMs: number, lastMs: number, horizonDays: number): [number, number] | undefined {
  const firstEnd = lowerBound(series.timesMs, firstMs - horizonDays * DAY_MS + 1);
  const startsAfter = lowerBound(series.timesMs, lastMs + 1);
  return firstEnd < startsAfter ? [firstEnd, startsAfter] : undefined;
}

/**
 * Exclude ranges for a cross-asset search: the window [queryStart, queryStart + m) of the FIRST series,
 * searched across every series of the list with one shared pruning bound (core searchMany, run by the
 * search workers). The first series excludes the query's own range; every other series excludes its windows concurrent with the query over `horizonDays` (concurrentRange), so no
 * analog and no outcome is made of the query's own dates or the move that followed them. Overlap is ruled
 * out within a series only. Ties go to the earlier series of the list, then to the earlier window.
 */
export function acrossExcludeRanges(
  list: readonly { series: PriceSeries }[],
  queryStart: number,
  m: number,
  horizonDays: number,
): ([number, number] | undefined)[] {
  const own = list[0].series;
  const firstMs = own.timesMs[queryStart];
  const lastMs = own.timesMs[queryStart + m - 1];
  return list.map((entry, i) => (i === 0 ? [queryStart, queryStart + m] : concurrentRange(entry.series, m, firstMs, lastMs, horizonDays)));
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
