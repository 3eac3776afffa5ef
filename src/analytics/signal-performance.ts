import type { SignalRecord } from "../domain/trading-signal.js";
import { describeReturns } from "./return-distribution.js";

export interface PerformanceFigures {
  nScored: number;
  nPending: number;
  /** Scored flat signals: counted, but they hold nothing, so they are not in the returns below. */
  nFlatScored: number;
  /** Scored long and short signals: the sample of every figure below. */
  nDirectional: number;
  /** Share of directional signals with a return > 0. */
  winRate: number | null;
  averageReturn: number | null;
  medianReturn: number | null;
  std: number | null;
  /** averageReturn / std (per trade, no annualisation, no risk-free rate); null below two trades or with no spread. */
  riskAdjusted: number | null;
}

/** Track-record figures from logged signals: only scored outcomes count; pending ones are only counted. */
export function signalPerformance(records: readonly SignalRecord[]): PerformanceFigures {
  const scored = records.filter((r) => r.status === "scored" && r.outcome !== null);
  const directional = scored.filter((r) => r.direction !== "flat");
  const stats = describeReturns(directional.map((r) => r.outcome!.signalReturn));
  return {
    nScored: scored.length,
    nPending: records.length - scored.length,
    nFlatScored: scored.length - directional.length,
    nDirectional: directional.length,
    winRate: stats.hitRate,
    averageReturn: stats.mean,
    medianReturn: stats.p50,
    std: stats.std,
    riskAdjusted: stats.mean === null || stats.std === null || stats.std === 0 ? null : stats.mean / stats.std,
  };
}

/**
 * One record per signal: rules version 1 logged a signal again on every call, so rows of one ticker, as-of
 * date, horizon and version are one signal (the first fired is kept). From version 2 the log holds one.
 */
export function distinctSignals(records: readonly SignalRecord[]): SignalRecord[] {
  const seen = new Set<string>();
  return records.filter((r) => {
    const key = `${r.ticker}|${r.asOfDate}|${r.horizonDays}|${r.ruleVersion}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
