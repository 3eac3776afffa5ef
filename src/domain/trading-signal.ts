/** A directional call: long (expects a rise), short (expects a fall) or flat (no call). */
export type SignalDirection = "long" | "short" | "flat";
export type SignalStatus = "pending" | "scored";
/** How a scored signal ended: its stop or target was touched first, or the horizon came with neither. */
export type SignalExit = "stop" | "target" | "horizon";

/** A signal as fired: written once, at the moment it is fired, and never changed afterwards. */
export interface FiredSignal {
  id: string;
  firedAtMs: number;
  ticker: string;
  /** The last bar the signal saw (its entry close), YYYY-MM-DD, and that bar's time. */
  asOfDate: string;
  asOfMs: number;
  direction: SignalDirection;
  conviction: number;
  entryPrice: number;
  stopPrice: number | null;
  targetPrice: number | null;
  horizonDays: number;
  /** Mean forward return of the analogs at the horizon (of the asset, not sign-adjusted). */
  expectedReturn: number | null;
  /** The version of the rules that decided it (analytics/signal-rules.ts); the log keeps one per ticker, as-of, horizon and version. */
  ruleVersion: number;
}

/** What the scoring job writes, once, when the horizon has passed and the bars exist. */
export interface SignalOutcome {
  exit: SignalExit;
  exitDate: string;
  exitPrice: number;
  /** exitPrice / entryPrice - 1: the asset's move until the exit. */
  assetReturn: number;
  /** assetReturn for long, -assetReturn for short, 0 for flat (a flat call holds nothing). */
  signalReturn: number;
  /** Buy-and-hold over the same period: the horizon close over the entry, minus 1 (no stop, no target); null in rows scored before it was kept. */
  holdReturn: number | null;
  scoredAtMs: number;
}

export interface SignalRecord extends FiredSignal {
  status: SignalStatus;
  /** Why a due signal is still pending (e.g. the bars after it are missing); null otherwise. */
  pendingReason: string | null;
  outcome: SignalOutcome | null;
}
