import { ANALOG_WEIGHT, REGIME_WEIGHT } from "../../analytics/signal-rules.js";
import { itemFailure, type ItemFailure } from "../../domain/item-failure.js";
import type { SignalResult, SignalService } from "./signal-service.js";

export interface ScanQuery {
  topN: number;
  horizonDays: number;
}

export interface ScanResult {
  universe: { version: string; symbols: readonly string[] };
  /** Every asset that fired, ranked (see rankSetups); the route shows the first topN. */
  ranked: SignalResult[];
  /** Assets that could not carry a signal, in universe order. */
  failures: ItemFailure[];
}

/** The score before the evidence shrink: how strongly the inputs lean, whatever the evidence behind them. */
const rawScore = (r: SignalResult) => Math.abs(ANALOG_WEIGHT * r.decision.analogScore + REGIME_WEIGHT * r.decision.regimeScore);

/**
 * Best setup first: directional (long or short) signals before flat ones, then by |score| (the evidence-
 * weighted strength the signal rules compute), then by the unshrunk lean (so thin-evidence flats still
 * come in a meaningful order), then by ticker so ties are stable.
 */
export function rankSetups(results: SignalResult[]): SignalResult[] {
  const directional = (r: SignalResult) => (r.signal.direction === "flat" ? 1 : 0);
  return [...results].sort(
    (a, b) =>
      directional(a) - directional(b) ||
      Math.abs(b.decision.score) - Math.abs(a.decision.score) ||
      rawScore(b) - rawScore(a) ||
      (a.signal.ticker < b.signal.ticker ? -1 : a.signal.ticker > b.signal.ticker ? 1 : 0),
  );
}

/**
 * Fires /trading/signal's signal for every asset of a fixed universe (each one logged like a single signal:
 * a scan shows signals, so they belong in the public record) and ranks them. Assets that fail stay in the
 * answer as failures; the searches run on the worker pool through the signal service.
 */
export class ScanService {
  constructor(
    private readonly signals: SignalService,
    private readonly universe: { version: string; symbols: readonly string[] },
  ) {}

  async scan(query: ScanQuery): Promise<ScanResult> {
    const outcomes = await Promise.all(
      this.universe.symbols.map((ticker) =>
        this.signals.fire({ ticker, horizonDays: query.horizonDays }).then(
          (result) => ({ result }),
          (error: unknown) => ({ failure: itemFailure(ticker, error) }),
        ),
      ),
    );
    const fired = outcomes.flatMap((o) => ("result" in o ? [o.result] : []));
    const failures = outcomes.flatMap((o) => ("failure" in o ? [o.failure] : []));
    return { universe: this.universe, ranked: rankSetups(fired), failures };
  }
}
