import type { Evidence } from "../../../analytics/forecast-evidence.js";
import type { HorizonDistribution } from "../../../analytics/forward-distribution.js";
import type { PriceSeries } from "../../../analytics/price-series.js";
import type { ReturnStats } from "../../../analytics/return-distribution.js";
import { formatBarTime, parseIsoDate } from "../../../domain/bar.js";
import type { AnalogForecast } from "../../../services/forecasts/forward-distribution-service.js";
import { evidenceWire } from "../evidence-wire.js";

export const dateOf = (series: PriceSeries, index: number) => formatBarTime(series.timesMs[index], series.timeframe);

/** The dated-window part of a service query, from route parameters; the end date stays exclusive. */
export function windowQuery(params: { ticker: string; start_date: string; end_date: string; k: number; metric: "l1" | "l2"; causal: boolean }) {
  const { ticker, k, metric, causal } = params;
  return { ticker, startMs: parseIsoDate(params.start_date), endMs: parseIsoDate(params.end_date), k, metric, causal };
}

export const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(2)}%`;

export function statsWire(stats: ReturnStats) {
  return {
    n: stats.n,
    mean: stats.mean,
    std: stats.std,
    hit_rate: stats.hitRate,
    p10: stats.p10,
    p25: stats.p25,
    p50: stats.p50,
    p75: stats.p75,
    p90: stats.p90,
    min: stats.min,
    max: stats.max,
  };
}

export function horizonWire(h: HorizonDistribution, evidence: Evidence) {
  return { horizon_days: h.horizonDays, ...statsWire(h.stats), n_independent: h.nIndependent, ...evidenceWire(evidence) };
}

/** Every horizon of a forecast with its evidence. */
export const horizonsWire = (forecast: AnalogForecast) => forecast.distribution.horizons.map((h, i) => horizonWire(h, forecast.evidence[i]));

export function analogRows(forecast: AnalogForecast) {
  const { series, analogs, distribution } = forecast;
  return analogs.map((analog, i) => ({
    rank: i + 1,
    start_date: dateOf(series, analog.indices[0]),
    end_date: dateOf(series, analog.indices[analog.indices.length - 1]),
    similarity: analog.similarity,
    // Only wrapped windows lack one, and these searches admit none.
    match_return: analog.matchReturn!,
    forward: distribution.outcomes[i].map((o) => ({ horizon_days: o.horizonDays, return: o.forwardReturn, status: o.status })),
  }));
}

export function windowEcho(forecast: AnalogForecast) {
  const { series, window } = forecast;
  const last = window.start + window.m - 1;
  return {
    first_date: dateOf(series, window.start),
    last_date: dateOf(series, last),
    bars: window.m,
    return: forecast.queryReturn,
    last_close: series.closes[last],
  };
}

export function historyEcho(series: PriceSeries) {
  const n = series.closes.length;
  return { first_date: dateOf(series, 0), last_date: dateOf(series, n - 1), bars: n };
}

/** The exact recipe behind the figures, with this call's numbers, for the `method` field. */
export function forecastMethod(forecast: AnalogForecast, k: number): string {
  const { series, window, metric } = forecast;
  const bars = series.closes.length;
  const where = forecast.causal
    ? `the ${window.start} bars before the query window only (walk-forward)`
    : `all ${bars} bars of history (analogs after the query window included)`;
  const counts = forecast.distribution.horizons
    .map((h) => `${h.horizonDays}d: n=${h.stats.n} (${h.nIndependent} independent)`)
    .join(", ");
  return (
    `Query: the ${window.m} daily closes ${dateOf(series, window.start)} to ${dateOf(series, window.start + window.m - 1)} of ` +
    `${series.ticker} (${pct(forecast.queryReturn)}). Analogs: the ${forecast.analogs.length} closest (asked for ${k}) ` +
    `non-overlapping ${window.m}-bar windows by z-normalised ${metric} distance, exact search over ${where}; ` +
    "windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close " +
    "to the last close at or before h days later, counted only when real history reaches that moment with a close no more " +
    "than 4 days old and, for an analog before the query, the span ends by the query's " +
    `first close. Counted outcomes: ${counts}. Percentiles are type 7; hit rate is the share above zero. Baseline: the return ` +
    `from every bar of ${series.ticker} over the same horizon, ${forecast.causal ? "closed by the query's first bar" : "over the whole history"}; ` +
    "mean_ci: 90% Student t interval of the independent outcomes' mean, corrected for the skewness of the baseline's outcomes " +
    "and widened by the square root of design_effect, the extra spread of a best-match selection measured on 40 reference windows " +
    "of the same history (withheld below 5 outcomes or 10 references); excess = that mean minus the baseline mean, its interval and t carrying the baseline mean's own " +
    `error (n_effective independent periods); p-values adjusted across the answer's horizons (Holm). ${excessSummary(forecast)}`
  );
}

/** One sentence per horizon: is the analog mean distinguishable from the baseline? */
export function excessSummary(forecast: AnalogForecast): string {
  return forecast.evidence
    .map((e, i) => {
      const days = forecast.distribution.horizons[i].horizonDays;
      const ci = e.excess.ci;
      if (e.excess.mean === null || ci === null) return `${days}d: no interval (${e.intervalWithheld ?? "no baseline error to compare with"}).`;
      const verdict = ci.low > 0 ? "above the baseline" : ci.high < 0 ? "below the baseline" : "not distinguishable from the baseline";
      const adjusted = e.excess.pAdjusted === null ? "" : `, p ${e.excess.pAdjusted.toFixed(3)} adjusted for ${e.excess.hypotheses} horizon${e.excess.hypotheses === 1 ? "" : "s"}`;
      return `${days}d: excess ${pct(e.excess.mean)} (90% ${pct(ci.low)} to ${pct(ci.high)}${adjusted}), ${verdict}.`;
    })
    .join(" ");
}

/** The body shared by /forward_distribution and /api/backtest. */
export function analogForecastBody(forecast: AnalogForecast, k: number) {
  return {
    ticker: forecast.series.ticker,
    window: windowEcho(forecast),
    history: historyEcho(forecast.series),
    metric: forecast.metric,
    causal: forecast.causal,
    mode: forecast.mode,
    k,
    analogs_found: forecast.analogs.length,
    horizons: horizonsWire(forecast),
    analogs: analogRows(forecast),
    method: forecastMethod(forecast, k),
    cached: forecast.cached,
  };
}
