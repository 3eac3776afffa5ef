import type { OutcomeKind } from "../domain/outcome-kind.js";
import type { Analog } from "./analog-search.js";
import { forecastEvidence, unconditionalBaseline, type Baseline, type Evidence } from "./forecast-evidence.js";
import { analogOutcome } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { selectIndependent } from "./return-distribution.js";
import { windowVolatility } from "./window-volatility.js";

/** An analog with the series it lies in (absent: the query's own). */
export type SeriesAnalog = Analog & { series?: PriceSeries };

/** How the outcomes of a universe search were made comparable before they were pooled, and what was left out. */
export interface Pooling {
  /** Per series whose outcomes were pooled: its ticker and how many of the counted outcomes came from it. */
  pooled: { ticker: string; outcomes: number }[];
  /** Series whose analogs were left out of the figures, and why (another kind of quote, no volatility to scale by). */
  excluded: { ticker: string; outcomes: number; reason: string }[];
}

export interface AnalogEvidence {
  evidence: Evidence;
  /** Set for a universe search (analogs in other series than the query's). */
  pooling: Pooling | null;
}

/**
 * The evidence behind a pattern summary's forward average over `horizonDays`: each plain analog's counted
 * outcome (the same rule as the summary), the largest set whose calendar spans [analog start, horizon close]
 * share no day (analogs in different series at the same time are not independent either: correlated markets
 * move together), and the baseline of the query's own series over its whole history (the search used the whole
 * history: mode full_history).
 *
 * Analogs from other series (a universe search) carry their own series' drift and volatility, so their raw
 * outcomes are not the query's. Each is first measured against its own series' baseline and scaled by its own
 * volatility at that time, then rescaled to the query's volatility now:
 *
 *   outcome_i in the query's terms = b_q + (r_i - b_S) * σ_q / σ_S,i
 *
 * with b the series' unconditional mean over the horizon and σ the daily volatility of the window (at least 20
 * bars). Series whose moves are of another kind than the query's (yields, volatility indices: OutcomeKind) are
 * left out of the figures and named. The excess then carries every pooled baseline's own error. Outcomes are
 * simple returns throughout, as the summary's averages are.
 */
export function analogEvidence(
  analogs: readonly SeriesAnalog[],
  querySeries: PriceSeries,
  query: { start: number; m: number; kind: OutcomeKind },
  horizonDays: number,
  kindOf: (series: PriceSeries) => OutcomeKind = () => query.kind,
  /** How much the choice of analogs spreads their mean (selection-effect.ts, measured on the query's own history). */
  designEffect: number | null = 1,
): AnalogEvidence {
  const counted = countedOutcomes(analogs, querySeries, query.start, horizonDays);
  const queryBaseline = unconditionalBaseline(querySeries, horizonDays);
  if (counted.every((c) => c.series === querySeries)) {
    const independent = selectIndependent(counted).map((i) => counted[i].value);
    return { evidence: forecastEvidence(independent, queryBaseline, queryBaseline, designEffect), pooling: null };
  }
  return pooledEvidence(counted, querySeries, query, queryBaseline, kindOf, designEffect);
}

interface Counted {
  series: PriceSeries;
  value: number;
  /** Calendar span [analog start, horizon close], for independence across series. */
  start: number;
  end: number;
  /** The analog window's last bar and length, for its volatility. */
  endIndex: number;
  m: number;
}

function countedOutcomes(analogs: readonly SeriesAnalog[], querySeries: PriceSeries, queryStart: number, horizonDays: number): Counted[] {
  const counted: Counted[] = [];
  for (const analog of analogs) {
    if (analog.wrapped) continue;
    const series = analog.series ?? querySeries;
    const start = analog.indices[0];
    const m = analog.indices.length;
    const own = series === querySeries ? queryStart : Number.POSITIVE_INFINITY;
    const outcome = analogOutcome(series, start, m, own, horizonDays);
    if (outcome.status !== "counted") continue;
    counted.push({ series, value: outcome.forwardReturn!, start: series.timesMs[start], end: series.timesMs[outcome.closeIndex!], endIndex: start + m - 1, m });
  }
  return counted;
}

function pooledEvidence(
  counted: Counted[],
  querySeries: PriceSeries,
  query: { start: number; m: number; kind: OutcomeKind },
  queryBaseline: Baseline,
  kindOf: (series: PriceSeries) => OutcomeKind,
  designEffect: number | null,
): AnalogEvidence {
  const horizonDays = queryBaseline.horizonDays;
  const queryVolatility = windowVolatility(querySeries, query.start + query.m - 1, query.m);
  const excluded = new Map<string, { ticker: string; outcomes: number; reason: string }>();
  const exclude = (series: PriceSeries, reason: string) => {
    const entry = excluded.get(series.ticker) ?? { ticker: series.ticker, outcomes: 0, reason };
    entry.outcomes += 1;
    excluded.set(series.ticker, entry);
  };
  const baselines = new Map<PriceSeries, Baseline>();
  const comparable: (Counted & { adjusted: number; scale: number })[] = [];
  for (const c of counted) {
    const seriesKind = kindOf(c.series);
    if (seriesKind !== query.kind) {
      exclude(c.series, `its moves are ${describeKind(seriesKind)}, the query's are ${describeKind(query.kind)}: never pooled`);
      continue;
    }
    const baseline = baselines.get(c.series) ?? unconditionalBaseline(c.series, horizonDays);
    baselines.set(c.series, baseline);
    const volatility = windowVolatility(c.series, c.endIndex, c.m);
    if (volatility === null || queryVolatility === null || baseline.mean === null) {
      exclude(c.series, "no volatility or baseline to scale its outcomes by");
      continue;
    }
    const scale = queryVolatility / volatility;
    comparable.push({ ...c, adjusted: queryBaseline.mean! + (c.value - baseline.mean) * scale, scale });
  }
  const kept = selectIndependent(comparable).map((i) => comparable[i]);
  const pooled = new Map<PriceSeries, number>();
  for (const c of comparable) pooled.set(c.series, (pooled.get(c.series) ?? 0) + 1);
  const evidence = forecastEvidence(
    kept.map((c) => c.adjusted),
    queryBaseline,
    pooledBaselineError(kept, baselines, queryBaseline),
    designEffect,
  );
  return {
    evidence,
    pooling: { pooled: [...pooled].map(([series, outcomes]) => ({ ticker: series.ticker, outcomes })), excluded: [...excluded.values()] },
  };
}

/**
 * The error the pooled excess inherits from the baselines it was measured against: the mean of
 * (r_i - b_S) * k_i carries -Σ_S K_S (b̂_S - b_S) / n, with K_S the sum of the scales k_i of series S's outcomes, so
 * its standard error is √(Σ_S K_S² se_S²) / n, on as few independent periods as the thinnest of those baselines.
 */
function pooledBaselineError(kept: readonly { series: PriceSeries; scale: number }[], baselines: Map<PriceSeries, Baseline>, queryBaseline: Baseline) {
  if (kept.length === 0) return { meanSe: queryBaseline.meanSe, nEffective: queryBaseline.nEffective, skewness: queryBaseline.skewness };
  const scaleSums = new Map<PriceSeries, number>();
  for (const c of kept) scaleSums.set(c.series, (scaleSums.get(c.series) ?? 0) + c.scale);
  let variance = 0;
  let nEffective = Number.POSITIVE_INFINITY;
  for (const [series, sum] of scaleSums) {
    const baseline = baselines.get(series)!;
    if (baseline.meanSe === null) return { meanSe: null, nEffective: baseline.nEffective, skewness: queryBaseline.skewness };
    variance += (sum * baseline.meanSe) ** 2;
    nEffective = Math.min(nEffective, baseline.nEffective);
  }
  return { meanSe: Math.sqrt(variance) / kept.length, nEffective, skewness: queryBaseline.skewness };
}

function describeKind(kind: OutcomeKind): string {
  return kind === "rate" ? "changes of a yield" : kind === "volatility" ? "moves of a volatility index" : "returns of a price";
}
