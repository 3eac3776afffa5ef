import type { RegimeLabel } from "../../analytics/regime-label.js";
import type { AnalogForecast, ForwardDistributionService } from "./forward-distribution-service.js";

export const REGIME_ANALOGS = 3;
export const REGIME_HORIZONS_DAYS = [7, 30] as const;

export interface RegimeQuery {
  ticker: string;
  lookbackBars: number;
}

export interface RegimeResult {
  forecast: AnalogForecast;
  label: RegimeLabel;
}

/**
 * The regime of a ticker's most recent lookback: its three closest earlier analogs with what followed them
 * over 7 and 30 calendar days, and a trend/volatility label computed from the same bars.
 */
export class RegimeService {
  constructor(private readonly forecasts: ForwardDistributionService) {}

  async detect(query: RegimeQuery): Promise<RegimeResult> {
    const forecast = await this.forecasts.forLatest({
      ticker: query.ticker,
      lookbackBars: query.lookbackBars,
      lookbackParam: "lookback_days",
      k: REGIME_ANALOGS,
      metric: "l2",
      horizonsDays: REGIME_HORIZONS_DAYS,
      labelRegime: true,
    });
    // Asked for above, so set: computed on the worker beside the forecast, from the same bars.
    return { forecast, label: forecast.regime! };
  }
}
