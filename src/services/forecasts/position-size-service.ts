import type { Metric } from "../../analytics/analog-search.js";
import { forecastSizing } from "../../analytics/forecast-sizing.js";
import type { Sizing } from "../../analytics/kelly-sizing.js";
import type { AnalogForecast, ForwardDistributionService } from "./forward-distribution-service.js";

export interface PositionSizeQuery {
  ticker: string;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  k: number;
  metric: Metric;
  horizonDays: number;
  /** Only analogs that end before the window starts. */
  causal: boolean;
  accountSizeUsd: number;
  confidence: number;
}

export interface PositionSizeResult {
  forecast: AnalogForecast;
  sizing: Sizing;
  /** The query window's last close, where the stop and target references are measured from. */
  lastClose: number;
}

/** Sizing from the forward distribution of one horizon after the window's analogs. */
export class PositionSizeService {
  constructor(private readonly forecasts: ForwardDistributionService) {}

  async size(query: PositionSizeQuery): Promise<PositionSizeResult> {
    const forecast = await this.forecasts.forWindow({
      ticker: query.ticker,
      startMs: query.startMs,
      endMs: query.endMs,
      k: query.k,
      metric: query.metric,
      causal: query.causal,
      horizonsDays: [query.horizonDays],
    });
    const lastClose = forecast.series.closes[forecast.window.start + forecast.window.m - 1];
    const sizing = forecastSizing(forecast, 0, query.confidence, query.accountSizeUsd);
    return { forecast, sizing, lastClose };
  }
}
