import { formatBarTime } from "../domain/bar.js";
import type { FiredSignal, SignalExit, SignalOutcome } from "../domain/trading-signal.js";
import { horizonCloseIndex } from "./forward-distribution.js";
import { lowerBound, type PriceSeries } from "./price-series.js";

export type ScoredOutcome =
  | { kind: "scored"; exit: SignalExit; exitIndex: number; exitPrice: number; assetReturn: number; signalReturn: number; holdReturn: number }
  | { kind: "pending"; reason: string };

/**
 * What happened to a fired signal, from the bars after its as-of bar up to the horizon close (the last bar
 * at or before as-of + horizon_days, as the forward distributions count it). Walking those bars in order,
 * the first bar whose range reaches the stop or the target ends the trade there: filled at the level, or at
 * the bar's open when the bar opened beyond it (a gap). A bar that reaches both counts as the stop (the
 * order inside a daily bar is unknown; the conservative reading). Reaching neither, the trade ends at the
 * horizon close. Pending, with the reason, while the history has not reached the horizon or has no close
 * that stands for it.
 */
export function scoreSignal(series: PriceSeries, signal: FiredSignal): ScoredOutcome {
  const asOf = lowerBound(series.timesMs, signal.asOfMs);
  if (asOf >= series.timesMs.length || series.timesMs[asOf] !== signal.asOfMs) {
    return { kind: "pending", reason: `the as-of bar ${signal.asOfDate} is not in the stored history of ${signal.ticker}` };
  }
  const { index: horizon, status } = horizonCloseIndex(series, asOf, signal.horizonDays);
  if (horizon === null) {
    return {
      kind: "pending",
      reason:
        status === "beyond_history"
          ? `the stored bars of ${signal.ticker} do not reach ${signal.horizonDays} days after ${signal.asOfDate} yet`
          : `no stored close of ${signal.ticker} stands for ${signal.horizonDays} days after ${signal.asOfDate} (a gap in the bars)`,
    };
  }
  const close = series.closes[horizon];
  if (!Number.isFinite(close)) return { kind: "pending", reason: `the horizon close of ${signal.ticker} is missing` };
  // Buy-and-hold over the same period, the baseline a buyer has for free.
  const holdReturn = close / signal.entryPrice - 1;
  const side = signal.direction === "short" ? -1 : signal.direction === "long" ? 1 : 0;
  const end = (exit: SignalExit, exitIndex: number, exitPrice: number): ScoredOutcome => {
    const assetReturn = exitPrice / signal.entryPrice - 1;
    return { kind: "scored", exit, exitIndex, exitPrice, assetReturn, signalReturn: side === 0 ? 0 : side * assetReturn, holdReturn };
  };
  if (side !== 0) {
    for (let i = asOf + 1; i <= horizon; i++) {
      const open = series.opens[i];
      // For a long the stop is below and the target above; for a short the other way round.
      const adverse = side === 1 ? series.lows[i] : series.highs[i];
      const favourable = side === 1 ? series.highs[i] : series.lows[i];
      // side * (price - level): >= 0 at or past a target, <= 0 at or past a stop.
      const past = (price: number, level: number) => side * (price - level);
      const { stopPrice: stop, targetPrice: target } = signal;
      if (stop !== null && past(adverse, stop) <= 0) {
        return end("stop", i, Number.isFinite(open) && past(open, stop) <= 0 ? open : stop);
      }
      if (target !== null && past(favourable, target) >= 0) {
        return end("target", i, Number.isFinite(open) && past(open, target) >= 0 ? open : target);
      }
    }
  }
  return end("horizon", horizon, close);
}

/** A scored outcome as the signal log keeps it: the exit bar as its date, scored at `scoredAtMs`. */
export function loggedOutcome(series: PriceSeries, outcome: Extract<ScoredOutcome, { kind: "scored" }>, scoredAtMs: number): SignalOutcome {
  return {
    exit: outcome.exit,
    exitDate: formatBarTime(series.timesMs[outcome.exitIndex], "1d"),
    exitPrice: outcome.exitPrice,
    assetReturn: outcome.assetReturn,
    signalReturn: outcome.signalReturn,
    holdReturn: outcome.holdReturn,
    scoredAtMs,
  };
}
