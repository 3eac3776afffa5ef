import { regimeDetectionContract, type RegimeDetectionParams } from "../../../contracts/forecasts/regime-detection.js";
import { TREND_Z_THRESHOLD, VOL_PERCENTILE_HIGH, VOL_PERCENTILE_LOW, type RegimeLabel } from "../../../analytics/regime-label.js";
import type { RegimeResult, RegimeService } from "../../../services/forecasts/regime-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { evidenceWire } from "../evidence-wire.js";
import { analogRows, dateOf, excessSummary, historyEcho, pct, windowEcho } from "./forecast-wire.js";

function regimeWire(label: RegimeLabel) {
  return {
    label: `${label.trend}, ${label.volatility} volatility`,
    trend: label.trend,
    volatility: label.volatility,
    lookback_return: label.lookbackReturn,
    daily_vol: label.dailyVol,
    trend_z: label.trendZ,
    bars_per_year: label.barsPerYear,
    annualized_vol: label.annualizedVol,
    vol_percentile: label.volPercentile,
    vol_windows_compared: label.volWindowsCompared,
    trend_z_threshold: TREND_Z_THRESHOLD,
    vol_percentile_low: VOL_PERCENTILE_LOW,
    vol_percentile_high: VOL_PERCENTILE_HIGH,
  };
}

function regimeMethod({ forecast, label }: RegimeResult): string {
  const { series, window } = forecast;
  const last = window.start + window.m - 1;
  const spread = label.dailyVol * Math.sqrt(window.m - 1);
  const trendWhy =
    label.trend === "range" ? `|z| < ${TREND_Z_THRESHOLD}, so range` : `${label.trend === "uptrend" ? "z >=" : "z <= -"}${TREND_Z_THRESHOLD}, so ${label.trend}`;
  const counts = forecast.distribution.horizons.map((h) => `${h.horizonDays}d n=${h.stats.n}`).join(", ");
  return (
    `Window: the last ${window.m} daily bars of ${series.ticker}, ${dateOf(series, window.start)} to ${dateOf(series, last)} ` +
    `(${pct(label.lookbackReturn)}). Trend: ln(1 + return) = ${Math.log1p(label.lookbackReturn).toFixed(4)} over daily log-return ` +
    `std ${(label.dailyVol * 100).toFixed(3)}% * sqrt(${window.m - 1}) = ${spread.toFixed(4)} gives trend_z = ${label.trendZ.toFixed(2)}; ` +
    `${trendWhy}. Volatility: that daily std (${(label.annualizedVol * 100).toFixed(1)}% annualised at ${label.barsPerYear.toFixed(0)} bars a ` +
    `year) is at or above ${(label.volPercentile * 100).toFixed(1)}% of the ${label.volWindowsCompared} gap-free ${window.m}-bar windows ` +
    `up to ${dateOf(series, last)}, so ${label.volatility} (low below ${VOL_PERCENTILE_LOW * 100}%, high above ${VOL_PERCENTILE_HIGH * 100}%). ` +
    `Analogs: the ${forecast.analogs.length} closest earlier ${window.m}-bar windows by z-normalised L2 distance (exact causal search, ` +
    `non-overlapping, no data gaps); outcome = return from an analog's last close to the last close at or before 7 and 30 calendar ` +
    `days later, counted only when real history reaches it and it ends by the window's first close (${counts}). Against the ` +
    `baseline (every bar's return over the same horizon, closed by the window's first bar): ${excessSummary(forecast)}`
  );
}

export function regimeDetectionRoute(regimes: RegimeService): RouteModule {
  return operationRoute(regimeDetectionContract, async (params: RegimeDetectionParams) => {
    const result = await regimes.detect({ ticker: params.ticker, lookbackBars: params.lookback_days });
    const { forecast, label } = result;
    return {
      ticker: forecast.series.ticker,
      as_of: dateOf(forecast.series, forecast.window.start + forecast.window.m - 1),
      lookback_days: params.lookback_days,
      window: windowEcho(forecast),
      regime: regimeWire(label),
      analogs: analogRows(forecast),
      mode: forecast.mode,
      forward_summary: forecast.distribution.horizons.map((h, i) => ({
        horizon_days: h.horizonDays,
        n: h.stats.n,
        n_independent: h.nIndependent,
        mean: h.stats.mean,
        median: h.stats.p50,
        hit_rate: h.stats.hitRate,
        ...evidenceWire(forecast.evidence[i]),
      })),
      history: historyEcho(forecast.series),
      method: regimeMethod(result),
      cached: forecast.cached,
    };
  });
}
