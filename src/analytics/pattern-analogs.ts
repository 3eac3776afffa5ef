import { searchMany, searchManyScored } from "../core/search-many.js";
import type { ScoredMatch, WindowMatch } from "../core/select-matches.js";
import { searchSeriesWindow } from "../core/search-series.js";
import type { OutcomeKind } from "../domain/outcome-kind.js";
import { analogEvidence, type Pooling } from "./analog-evidence.js";
import { toAnalog, type Analog, type Metric } from "./analog-search.js";
import { summarizeAnalogs, type AnalogSummary } from "./analog-summary.js";
import { summarizeAnalogsAcross, type SearchableSeries } from "./cross-series-analogs.js";
import { adjustAcrossHorizons, type Evidence } from "./forecast-evidence.js";
import { selectionEffect } from "./selection-effect.js";

export const SUMMARY_HORIZONS_DAYS = [7, 30] as const;

export interface PatternSearch {
  queryStart: number;
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
  /** A universe search: per series of the list (same positions), the [start, end) range no match may overlap. */
  excludeRanges?: ([number, number] | undefined)[];
  /** Also summarise what followed the analogs and weigh it against the baseline (the /get_patterns summary). */
  summarize: boolean;
  /** Per series of the list (same positions): what its moves are, so that outcomes of different kinds are never pooled. Default: all prices. */
  outcomeKinds?: OutcomeKind[];
}

export interface PatternSummary {
  summary: AnalogSummary;
  /**
   * Per SUMMARY_HORIZONS_DAYS entry: baseline, interval of the mean and excess over the baseline (their p-values
   * adjusted for both horizons), and for a universe search how its outcomes were pooled.
   */
  evidence: { horizonDays: number; evidence: Evidence; pooling: Pooling | null }[];
}

export interface PatternAnalogs {
  /** Ranked best first; seriesIndex is the analog's position in the list searched (0 for its own history). */
  analogs: (Analog & { seriesIndex: number })[];
  /** Set when asked for (PatternSearch.summarize). */
  summary: PatternSummary | null;
}

/**
 * The analogs of the window [queryStart, queryStart + m) of the FIRST series of the list: in its own history
 * (searchSeriesWindow), or across the whole list with one shared bound when exclude ranges are given
 * (searchMany), and on request the summary of what followed them.
 */
export function patternAnalogs(list: readonly SearchableSeries[], search: PatternSearch): PatternAnalogs {
  const options = { k: search.k, metric: search.metric, wrap: search.wrap };
  const own = list[0];
  const matches =
    search.excludeRanges === undefined
      ? searchSeriesWindow(own.prepared, search.queryStart, search.m, options)
      : searchMany(
          list.map((s) => s.prepared),
          own.prepared.values.subarray(search.queryStart, search.queryStart + search.m),
          { ...options, excludeRanges: search.excludeRanges },
        );
  return describeAnalogs(list, search, matches, search.excludeRanges !== undefined);
}

/** One shard of a universe search split by series (services/patterns/universe-search.ts). */
export interface ShardSearch extends Omit<PatternSearch, "summarize" | "outcomeKinds" | "excludeRanges"> {
  /** Positions in the whole list of the shard's series (inputs after the first), ascending. */
  positions: number[];
  /** Per shard series (same order as positions): the [start, end) range no match may overlap. */
  excludeRanges: ([number, number] | undefined)[];
}

/**
 * The shard's part of a universe search: the query window of the FIRST input (the query's own series) searched
 * across the other inputs (the shard's series, which may include that own series again) with searchManyScored,
 * the matches labelled with their positions in the whole list. Keeping the list order within the shard keeps
 * the tie order, so mergeShardMatches gives the one-list answer exactly (core/merge-shards.ts says why).
 */
export function shardAnalogMatches([own, ...shard]: readonly SearchableSeries[], search: ShardSearch): ScoredMatch[] {
  const matches = searchManyScored(
    shard.map((s) => s.prepared),
    own.prepared.values.subarray(search.queryStart, search.queryStart + search.m),
    { k: search.k, metric: search.metric, wrap: search.wrap, excludeRanges: search.excludeRanges },
  );
  return matches.map((match) => ({ ...match, seriesIndex: search.positions[match.seriesIndex] }));
}

/**
 * The analogs of matches already found (their seriesIndex a position in `list`), and on request the summary of
 * what followed them. `across`: the matches come from a universe search (outcomes pooled across series).
 * A universe's summary needs only the series that hold a match, besides the query's own (first).
 */
export function describeAnalogs(list: readonly SearchableSeries[], search: PatternSearch, matches: readonly WindowMatch[], across: boolean): PatternAnalogs {
  const own = list[0];
  const found = matches.map((match) => ({ ...toAnalog(list[match.seriesIndex].series, match, search.m, search.metric), seriesIndex: match.seriesIndex }));
  if (!search.summarize) return { analogs: found, summary: null };
  const withSeries = found.map((analog) => ({ ...analog, series: list[analog.seriesIndex].series }));
  const summary = !across ? summarizeAnalogs(own.series, found, search.queryStart) : summarizeAnalogsAcross(withSeries, own.series, search.queryStart);
  const kinds = new Map(list.map((entry, i) => [entry.series, search.outcomeKinds?.[i] ?? "price"] as const));
  const query = { start: search.queryStart, m: search.m, kind: kinds.get(own.series)! };
  // The spread the choice of analogs adds, measured on the query's own history (for a universe, an approximation).
  const designEffects = selectionEffect(own.series, own.prepared, search.m, { k: search.k, metric: search.metric, horizonsDays: SUMMARY_HORIZONS_DAYS, causal: false }, search.queryStart);
  const perHorizon = SUMMARY_HORIZONS_DAYS.map((horizonDays, h) =>
    analogEvidence(withSeries, own.series, query, horizonDays, (series) => kinds.get(series) ?? "price", designEffects[h]),
  );
  const adjusted = adjustAcrossHorizons(perHorizon.map((h) => h.evidence));
  const evidence = SUMMARY_HORIZONS_DAYS.map((horizonDays, h) => ({ horizonDays, evidence: adjusted[h], pooling: perHorizon[h].pooling }));
  return { analogs: found, summary: { summary, evidence } };
}
