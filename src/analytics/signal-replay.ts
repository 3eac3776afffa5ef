import type { PreparedSeries } from "../core/prepared-series.js";
import { formatBarTime } from "../domain/bar.js";
import type { SignalRecord } from "../domain/trading-signal.js";
import { horizonCloseIndex } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { regimeLabel } from "./regime-label.js";
import { decideAtBar, signalAt } from "./signal-decision.js";
import { loggedOutcome, scoreSignal } from "./signal-outcome.js";
import { SIGNAL_REGIME_BARS, SIGNAL_WINDOW_BARS } from "./signal-rules.js";

/**
 * The first bar a replay may fire at: the regime needs its lookback and the analog search a history before
 * the window at least as long (twice the regime lookback, as a live signal needs).
 */
export const REPLAY_FIRST_BAR = 2 * SIGNAL_REGIME_BARS - 1;

/** One stretch of a replay: its signals, and the bar the next stretch starts at (null: the replay is over). */
export interface ReplayStretch {
  signals: SignalRecord[];
  nextBar: number | null;
}

/**
 * A stretch of the walk-forward replay of the live signal rules over a history, from bar `firstBar` (at least
 * REPLAY_FIRST_BAR) for at most `maxSignals` signals: a signal at bar t is decided from bars up to t only
 * (decideAtBar, with the regime's trend z at t); it is scored like a logged signal (stop or target first, else
 * the horizon close); the next signal fires at the first bar after its horizon close, so horizons never overlap. Flat signals take their horizon too (the rules fire
 * every horizon, whatever they say). A bar whose windows span a gap or a missing close is skipped, as a live
 * signal would be refused there. Stretch after stretch, each from the previous one's nextBar, is the whole
 * replay (tested), so a long replay can be cut into pieces that leave a shared worker to other jobs in between.
 */
export function replayStretch(series: PriceSeries, prepared: PreparedSeries, horizonDays: number, firstBar: number, maxSignals: number): ReplayStretch {
  const n = series.closes.length;
  const signals: SignalRecord[] = [];
  let t = Math.max(REPLAY_FIRST_BAR, firstBar);
  while (t < n) {
    if (signals.length >= maxSignals) return { signals, nextBar: t };
    const clean = (bars: number) => prepared.isEligibleWindow(t - bars + 1, bars);
    if (!clean(SIGNAL_WINDOW_BARS) || !clean(SIGNAL_REGIME_BARS)) {
      t += 1;
      continue;
    }
    const basis = decideAtBar(series, prepared, t, horizonDays, regimeLabel(series, t, SIGNAL_REGIME_BARS).trendZ);
    // Replayed, not fired: the id names the as-of date, and the "fire time" is the as-of bar's.
    const fired = signalAt(series, t, horizonDays, basis, `backtest_${formatBarTime(series.timesMs[t], "1d")}`, series.timesMs[t]);
    const outcome = scoreSignal(series, fired);
    if (outcome.kind === "pending") {
      signals.push({ ...fired, status: "pending", pendingReason: outcome.reason, outcome: null });
      // Past the end of the history the replay is over; a horizon that falls in a gap (a 1-day horizon from a
      // Friday) leaves this signal unscorable, as the log would, and the replay goes on at the next bar.
      if (horizonCloseIndex(series, t, horizonDays).status === "beyond_history") return { signals, nextBar: null };
      t += 1;
      continue;
    }
    signals.push({
      ...fired,
      status: "scored",
      pendingReason: null,
      // A replay is scored when it is computed: the as-of time of the history it ran on.
      outcome: loggedOutcome(series, outcome, series.timesMs[n - 1]),
    });
    t = horizonCloseIndex(series, t, horizonDays).index! + 1;
  }
  return { signals, nextBar: null };
}
