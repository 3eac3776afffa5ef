import { baselineOf, forecastEvidence, type Evidence } from "./forecast-evidence.js";
import type { PriceSeries } from "./price-series.js";
import { returnProfileBacktest, type ProfileBacktest, type ProfileBacktestOptions } from "./walk-forward-backtest.js";

export interface ProfileStudy {
  backtest: ProfileBacktest;
  /** The independent events against the every-bar baseline (its horizon counted in bars, like the study). */
  evidence: Evidence;
}

/** Every historical bar whose trailing return meets a profile, what followed, and the evidence against holding. */
export function profileStudy(series: PriceSeries, options: ProfileBacktestOptions): ProfileStudy {
  const backtest = returnProfileBacktest(series, options);
  const baseline = baselineOf(options.forwardBars, backtest.baselineOutcomes, backtest.baselineSpans, series.timesMs);
  return { backtest, evidence: forecastEvidence(backtest.independent.map((e) => e.forwardReturn!), baseline) };
}
