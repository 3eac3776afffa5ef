import { sampleStd } from "../core/statistics.js";
import type { PriceSeries } from "./price-series.js";

/** Fewest bars a volatility is measured over: a 5-bar window's own 4 returns say little about its risk. */
export const MIN_VOLATILITY_BARS = 20;

/**
 * The daily volatility of a window ending at `endIndex`: the sample standard deviation of the daily log returns
 * (or changes, for a yield) over its last max(bars, MIN_VOLATILITY_BARS) bars (fewer at the start of history), the window's own
 * returns first. null below five usable returns or without any movement. What makes outcomes of calm and wild
 * stretches comparable: analogs are matched on z-normalised shape, so their volatility is not the query's.
 */
export function windowVolatility(series: PriceSeries, endIndex: number, bars: number, kind: "return" | "change" = "return"): number | null {
  const first = Math.max(0, endIndex - Math.max(bars, MIN_VOLATILITY_BARS) + 1);
  const returns: number[] = [];
  for (let i = first + 1; i <= endIndex; i++) {
    // A yield's step is its change in points (its log return blows up near zero), as its outcomes are.
    const r = kind === "change" ? series.closes[i] - series.closes[i - 1] : Math.log(series.closes[i] / series.closes[i - 1]);
    if (Number.isFinite(r)) returns.push(r);
  }
  if (returns.length < 5) return null;
  const std = sampleStd(returns);
  return std > 0 ? std : null;
}
