import type { Evidence } from "../../analytics/forecast-evidence.js";
import { INTERVAL_LEVEL } from "../../analytics/interval-policy.js";
import { formatBarTime } from "../../domain/bar.js";

const day = (ms: number | null) => (ms === null ? null : formatBarTime(ms, "1d"));

/** The shared evidence fields (contracts/evidence-schemas.ts) of one horizon, on the wire. */
export function evidenceWire(e: Evidence) {
  const b = e.baseline;
  const x = e.excess;
  return {
    baseline: {
      horizon_days: b.horizonDays,
      n: b.n,
      n_effective: b.nEffective,
      mean: b.mean,
      mean_se: b.meanSe,
      std: b.std,
      skewness: b.skewness,
      hit_rate: b.hitRate,
      p50: b.p50,
      first_date: day(b.fromMs),
      last_date: day(b.toMs),
    },
    mean_ci: {
      n_independent: e.nIndependent,
      mean: e.meanIndependent,
      low: e.meanCi?.low ?? null,
      high: e.meanCi?.high ?? null,
      level: INTERVAL_LEVEL,
      method: e.intervalMethod,
      withheld: e.intervalWithheld,
      design_effect: e.designEffect,
    },
    excess_over_baseline: {
      mean: x.mean,
      low: x.ci?.low ?? null,
      high: x.ci?.high ?? null,
      t_stat: x.tStat,
      df: x.df,
      p_value: x.pValue,
      p_adjusted: x.pAdjusted,
      hypotheses: x.hypotheses,
    },
  };
}
