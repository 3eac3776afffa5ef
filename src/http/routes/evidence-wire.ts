import { BOOTSTRAP_LEVEL, BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, type Evidence } from "../../analytics/forecast-evidence.js";
import { formatBarTime } from "../../domain/bar.js";

const day = (ms: number | null) => (ms === null ? null : formatBarTime(ms, "1d"));

/** The shared evidence fields (contracts/evidence-schemas.ts) of one horizon, on the wire. */
export function evidenceWire(e: Evidence) {
  const b = e.baseline;
  return {
    baseline: { horizon_days: b.horizonDays, n: b.n, mean: b.mean, std: b.std, hit_rate: b.hitRate, p50: b.p50, first_date: day(b.fromMs), last_date: day(b.toMs) },
    mean_ci: {
      n_independent: e.nIndependent,
      mean: e.meanIndependent,
      low: e.meanCi?.low ?? null,
      high: e.meanCi?.high ?? null,
      level: BOOTSTRAP_LEVEL,
      resamples: BOOTSTRAP_RESAMPLES,
      seed: BOOTSTRAP_SEED,
    },
    excess_over_baseline: { mean: e.excess.mean, low: e.excess.ci?.low ?? null, high: e.excess.ci?.high ?? null, t_stat: e.excess.tStat },
  };
}
