import type { Clock } from "../../domain/clock.js";
import { itemFailure, type ItemFailure } from "../../domain/item-failure.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SignalLog } from "../../storage/repos/signal-log.js";
import type { SignalService } from "./signal-service.js";

/**
 * How long a fired signal stands in for a new one. Daily signals change only when the as-of bar changes (a
 * new close, or today's forming bar on a live source), so a quarter of an hour keeps answers current while
 * a burst of callers asking for the same asset shares one signal and one log row.
 */
export const LIVE_SIGNAL_TTL_MS = 15 * 60_000;

export type LiveSignal =
  | { asset: string; signal: SignalRecord; reused: boolean; ageMs: number }
  | { asset: string; failure: ItemFailure };

/**
 * The latest signal per asset: a signal of the same ticker and horizon fired within the TTL (by
 * /trading/signal, /trading/scan or an earlier call here) is reused from the log; otherwise a new one is
 * fired (and logged) by the signal service. Assets that cannot carry a signal are reported, not thrown.
 */
export class LiveSignalService {
  constructor(
    private readonly signals: SignalService,
    private readonly log: SignalLog,
    private readonly clock: Clock,
    private readonly resolve: (ticker: string) => ResolvedSymbol,
  ) {}

  latest(assets: readonly string[], horizonDays: number): Promise<LiveSignal[]> {
    return Promise.all(assets.map((asset) => this.latestOne(asset, horizonDays)));
  }

  private async latestOne(asset: string, horizonDays: number): Promise<LiveSignal> {
    try {
      const nowMs = this.clock.nowMs();
      const recent = await this.log.latest(this.resolve(asset).ticker, horizonDays, nowMs - LIVE_SIGNAL_TTL_MS);
      if (recent !== undefined) return { asset, signal: recent, reused: true, ageMs: nowMs - recent.firedAtMs };
      const { signal } = await this.signals.fire({ ticker: asset, horizonDays });
      // The log holds one signal per as-of date: when the bars have not moved since one was logged, that one is answered.
      const ageMs = nowMs - signal.firedAtMs;
      return { asset, signal: { ...signal, status: "pending", pendingReason: null, outcome: null }, reused: ageMs > 0, ageMs };
    } catch (error) {
      return { asset, failure: itemFailure(asset, error) };
    }
  }
}
