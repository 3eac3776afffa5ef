import { formatReturn } from "./analysis.js";

/**
 * The plain reading at the top of the results, built only from the evidence the API returned beside its
 * figures (src/contracts/evidence-schemas.ts; docs/statistics.md "How to read these numbers"): the baseline,
 * the analogs' mean with its 90% interval, and the excess over the baseline with its interval. Pure functions,
 * unit-tested in test/web.
 */

export interface Baseline {
  horizon_days: number;
  n_effective: number;
  mean: number | null;
  hit_rate: number | null;
  first_date: string | null;
  last_date: string | null;
}
export interface MeanCi {
  n_independent: number;
  mean: number | null;
  low: number | null;
  high: number | null;
  level: number;
  withheld: string | null;
  design_effect: number | null;
}
export interface Excess {
  mean: number | null;
  low: number | null;
  high: number | null;
  t_stat: number | null;
  p_value: number | null;
}
/** One horizon of /forward_distribution (the analogs' own figures and the evidence beside them). */
export interface Horizon {
  horizon_days: number;
  n: number;
  hit_rate: number | null;
  p10: number | null;
  p50: number | null;
  p90: number | null;
  baseline: Baseline;
  mean_ci: MeanCi;
  excess_over_baseline: Excess;
}

export type Verdict = "within-noise" | "above-baseline" | "below-baseline" | "no-interval";

/** Whether the excess interval straddles zero: if it does, the analogs say nothing the baseline does not. */
export function verdictOf(excess: Excess): Verdict {
  if (excess.low === null || excess.high === null) return "no-interval";
  if (excess.low > 0) return "above-baseline";
  if (excess.high < 0) return "below-baseline";
  return "within-noise";
}

const percent = (share: number) => `${Math.round(share * 100)}%`;
const interval = (low: number | null, high: number | null) => `${formatReturn(low)} to ${formatReturn(high)}`;

/**
 * Three sentences a person reads first: how many analogs rose, what the asset did on any window of the same
 * length (the baseline), and whether the difference is more than noise.
 */
export function plainReading(ticker: string, horizon: Horizon, causal: boolean): string {
  const { baseline, mean_ci: ci, excess_over_baseline: excess } = horizon;
  const days = horizon.horizon_days;
  const rose = horizon.hit_rate === null ? undefined : Math.round(horizon.hit_rate * horizon.n);
  const first =
    rose === undefined
      ? `None of the closest past windows of ${ticker} has a ${days}-day outcome yet.`
      : `Of the ${horizon.n} closest past windows of ${ticker}${causal ? " that ended before yours" : ""}, ${rose} rose over the next ${days} days ` +
        `(${formatReturn(ci.mean)} on average).`;
  const second =
    baseline.mean === null
      ? ""
      : ` On any ${days} days ${ticker} rose ${baseline.hit_rate === null ? "" : `${percent(baseline.hit_rate)} of the time, `}by ${formatReturn(baseline.mean)} on average (the baseline).`;
  const verdict = verdictOf(excess);
  const gap = `the analogs' ${formatReturn(excess.mean)} over the baseline (90% interval ${interval(excess.low, excess.high)})`;
  const third =
    verdict === "within-noise"
      ? ` The difference is within noise: ${gap} includes zero, so these analogs say nothing the baseline does not.`
      : verdict === "no-interval"
        ? ` There is no interval for the difference (${ci.withheld ?? "too few outcomes"}), so it cannot be told from noise.`
        : ` The difference is more than noise at the 90% level: ${gap} lies ${verdict === "above-baseline" ? "above" : "below"} zero.`;
  return first + second + third;
}

/** The evidence block as label / value rows, each value the API's own figure. */
export function evidenceRows(horizon: Horizon): [string, string][] {
  const { baseline, mean_ci: ci, excess_over_baseline: excess } = horizon;
  const rows: [string, string][] = [
    ["Analogs' mean", `${formatReturn(ci.mean)} over ${ci.n_independent} independent outcomes${horizon.hit_rate === null ? "" : `, ${percent(horizon.hit_rate)} rose`}`],
    [
      `${Math.round(ci.level * 100)}% interval of that mean`,
      ci.low === null ? `none: ${ci.withheld ?? "withheld"}` : `${interval(ci.low, ci.high)}${ci.design_effect === null ? "" : ` (design effect ${ci.design_effect.toFixed(2)})`}`,
    ],
    [
      "Baseline (any window)",
      baseline.mean === null
        ? "none"
        : `${formatReturn(baseline.mean)}${baseline.hit_rate === null ? "" : `, ${percent(baseline.hit_rate)} rose`}, ${baseline.n_effective} independent periods ${baseline.first_date} to ${baseline.last_date}`,
    ],
    ["Excess over baseline", `${formatReturn(excess.mean)}, 90% interval ${excess.low === null ? "withheld" : interval(excess.low, excess.high)}`],
  ];
  if (excess.t_stat !== null) rows.push(["t statistic (p-value)", `${excess.t_stat.toFixed(2)} (p = ${excess.p_value?.toFixed(3) ?? "–"})`]);
  return rows;
}
