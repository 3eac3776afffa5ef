import { adjustAcrossHorizons } from "../../analytics/forecast-evidence.js";
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
  multipleTesting: ScanMultipleTesting;
}

/** The level at which a scan counts an asset's analog excess as notable, and says how many are expected by chance. */
export const SCAN_TEST_LEVEL = 0.1;

export interface ScanMultipleTesting {
  /** Fired assets whose analog excess over the baseline has a p-value: the hypotheses the scan looks at together. */
  hypotheses: number;
  /** Of those, p < SCAN_TEST_LEVEL before any adjustment. */
  notable: number;
  /** hypotheses * SCAN_TEST_LEVEL: how many would be notable with no edge anywhere. */
  expectedByChance: number;
  /** p adjusted across every asset of the scan (Holm) < SCAN_TEST_LEVEL. */
  notableAfterAdjustment: number;
  /** Per ticker: its p-value and the one adjusted across the scan (null without a p-value). */
  byTicker: Map<string, { pValue: number | null; pAdjusted: number | null }>;
}

/**
 * A scan looks at every asset at once, and the best of 22 looks better than any one: each asset's excess p-value is
 * adjusted across all of them (Holm), and the answer says how many notable ones chance alone would give.
 */
function multipleTesting(fired: readonly SignalResult[]): ScanMultipleTesting {
  const evidence = fired.map((r) => r.sizing.forecast.evidence[0]);
  const adjusted = adjustAcrossHorizons(evidence);
  const byTicker = new Map(fired.map((r, i) => [r.signal.ticker, { pValue: evidence[i].excess.pValue, pAdjusted: adjusted[i].excess.pAdjusted }] as const));
  const ps = [...byTicker.values()].filter((x) => x.pValue !== null);
  return {
    hypotheses: ps.length,
    notable: ps.filter((x) => x.pValue! < SCAN_TEST_LEVEL).length,
    expectedByChance: ps.length * SCAN_TEST_LEVEL,
    notableAfterAdjustment: ps.filter((x) => x.pAdjusted! < SCAN_TEST_LEVEL).length,
    byTicker,
  };
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
    return { universe: this.universe, ranked: rankSetups(fired), failures, multipleTesting: multipleTesting(fired) };
  }
}
