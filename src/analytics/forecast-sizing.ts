import { median } from "../core/statistics.js";
import type { Analog } from "./analog-search.js";
import type { Evidence } from "./forecast-evidence.js";
import type { ForwardDistribution } from "./forward-distribution.js";
import { kellySizing, type Sizing } from "./kelly-sizing.js";
import type { PriceSeries } from "./price-series.js";
import { windowVolatility } from "./window-volatility.js";

/** An analog forecast of one series' window, as analogForecast and the forecast services make it. */
export interface SizedForecast {
  series: PriceSeries;
  window: { start: number; m: number };
  /** Plain analogs, the rows of distribution.outcomes. */
  analogs: readonly Analog[];
  distribution: ForwardDistribution;
  evidence: readonly Evidence[];
}

/**
 * Kelly sizing (kelly-sizing.ts) at one horizon of an analog forecast, on the query's own risk: each counted
 * outcome r_i becomes b + (r_i - b) * σ_q / σ_i, with b the baseline mean over the horizon (the series' drift,
 * known by the same date as the analogs), σ_q the daily volatility of the query window and σ_i that of the
 * analog's window (window-volatility.ts, the same rule for both). The move around the drift scales with the risk
 * taken; the drift itself does not. An analog whose window has no measurable volatility is left out.
 */
export function forecastSizing(forecast: SizedForecast, horizonIndex: number, confidence: number, accountSizeUsd: number): Sizing {
  const { series, window, analogs, distribution } = forecast;
  const lastClose = series.closes[window.start + window.m - 1];
  const queryDaily = windowVolatility(series, window.start + window.m - 1, window.m);
  const analogDaily = analogs.map((a) => windowVolatility(series, a.indices[0] + a.indices.length - 1, a.indices.length));
  const drift = forecast.evidence[horizonIndex].baseline.mean;
  const rescaledAt = (row: number): number | null => {
    const outcome = distribution.outcomes[row][horizonIndex];
    const own = analogDaily[row];
    if (outcome.status !== "counted" || own === null || queryDaily === null || drift === null) return null;
    return drift + (outcome.forwardReturn! - drift) * (queryDaily / own);
  };
  const present = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const measured = present(analogDaily);
  return kellySizing({
    rescaled: present(analogs.map((_, row) => rescaledAt(row))),
    rescaledIndependent: present(distribution.horizons[horizonIndex].independentAnalogs.map(rescaledAt)),
    skewness: forecast.evidence[horizonIndex].baseline.skewness,
    designEffect: forecast.evidence[horizonIndex].designEffect,
    volatility: { queryDaily, analogsMedianDaily: measured.length === 0 ? null : median(measured) },
    confidence,
    accountSizeUsd,
    lastClose,
  });
}
