import { sampleStd } from "../../core/statistics.js";
import { DAY_MS, formatBarTime, parseIsoDate } from "../../domain/bar.js";
import type { HorizonFigures } from "../../services/track-record/forecast-claims.js";

/** The evidence fields every forecast-like answer carries on the wire (contracts/evidence-schemas.ts), as read here. */
export interface WireEvidence {
  baseline: { mean: number | null; hit_rate: number | null };
  mean_ci: { n_independent: number; mean: number | null; low: number | null; high: number | null; level: number };
}

/** A horizon's distribution figures on the wire (each optional: routes publish different subsets). */
export interface WireStats {
  n?: number;
  mean?: number | null;
  std?: number | null;
  hit_rate?: number | null;
  p10?: number | null;
  p50?: number | null;
  median?: number | null;
  p90?: number | null;
  /** The outcomes themselves (the playbook lists them, null where history cannot tell): their spread when no std is published. */
  returns?: readonly (number | null)[];
}

/** One horizon's figures from its wire evidence and whatever distribution figures the route published. */
export function wireFigures(evidence: WireEvidence, stats: WireStats = {}): HorizonFigures {
  const returns = stats.returns?.filter((r): r is number => r !== null);
  const std = stats.std ?? (returns !== undefined && returns.length >= 2 ? sampleStd(returns) : null);
  return {
    n: stats.n ?? returns?.length ?? evidence.mean_ci.n_independent,
    mean: stats.mean ?? null,
    std,
    hitRate: stats.hit_rate ?? null,
    p10: stats.p10 ?? null,
    p50: stats.p50 ?? stats.median ?? null,
    p90: stats.p90 ?? null,
    meanCi: {
      nIndependent: evidence.mean_ci.n_independent,
      mean: evidence.mean_ci.mean,
      low: evidence.mean_ci.low,
      high: evidence.mean_ci.high,
      level: evidence.mean_ci.level,
    },
    baselineMean: evidence.baseline.mean,
    baselineHitRate: evidence.baseline.hit_rate,
  };
}

/** The last day of a window whose end date is exclusive: its last bar lies at or before it. */
export const dayBefore = (isoDate: string) => formatBarTime(parseIsoDate(isoDate) - DAY_MS, "1d");
