import type { PatternParams, PatternUniverseParams } from "../../../contracts/patterns/pattern-params.js";
import { formatBarTime, parseIsoDate } from "../../../domain/bar.js";
import type { PatternAnalog, PatternQuery, PatternResult, UniverseReport } from "../../../services/patterns/pattern-service.js";

/** Route parameters to a service query: dates to epoch ms, the window end stays exclusive. */
export function toPatternQuery(params: PatternParams | PatternUniverseParams): PatternQuery {
  const universe = "universe" in params ? params.universe : undefined;
  return {
    ...(universe === undefined ? {} : { universe }),
    ticker: params.ticker,
    timeframe: params.timeframe,
    startMs: parseIsoDate(params.start_date),
    endMs: parseIsoDate(params.end_date),
    k: params.k,
    metric: params.metric,
    wrap: params.wrap,
  };
}

export function matchWire(result: PatternResult, analog: PatternAnalog) {
  // A universe search's analog lies in its own series; otherwise in the query's.
  const series = analog.series ?? result.series;
  const dates = analog.indices.map((i) => formatBarTime(series.timesMs[i], series.timeframe));
  const pct = analog.matchReturn === null ? "" : `, ${(analog.matchReturn * 100).toFixed(2)}% inside the window`;
  const wrapped = analog.wrapped ? " (wrapped: splices the end of history onto its start)" : "";
  const where = analog.series === undefined ? "" : `${series.ticker} `;
  return {
    dates,
    closes: analog.indices.map((i) => series.closes[i]),
    similarity: analog.similarity,
    query_return: result.queryReturn,
    match_return: analog.matchReturn,
    wrapped: analog.wrapped,
    description: `${where}${dates[0]} to ${dates[dates.length - 1]}: ${dates.length} bars${pct}, similarity ${analog.similarity.toFixed(3)}${wrapped}`,
    ...(analog.series === undefined ? {} : { ticker: series.ticker }),
  };
}

export function queryEcho(params: PatternParams | PatternUniverseParams, result: PatternResult) {
  return {
    ticker: result.series.ticker,
    start_date: params.start_date,
    end_date: params.end_date,
    timeframe: params.timeframe,
    metric: params.metric,
    bars: result.window.m,
    history_bars: result.series.closes.length,
    cached: result.cached,
  };
}

/** The universe report on the wire: what `all` stood for, the concurrency horizon, what was searched (with kinds) and what not. */
export function universeWire(report: UniverseReport) {
  return {
    ...(report.list === undefined ? {} : { list: { ...report.list } }),
    concurrency_horizon_days: report.concurrencyHorizonDays,
    searched: report.searched,
    kinds: report.kinds,
    not_stored: report.notStored,
    skipped: report.skipped,
  };
}
