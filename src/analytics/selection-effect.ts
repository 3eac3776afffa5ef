import { BoundedLru } from "../core/bounded-lru.js";
import type { PreparedSeries } from "../core/prepared-series.js";
import { searchSeriesWindow } from "../core/search-series.js";
import { toAnalog, type Metric } from "./analog-search.js";
import { forwardDistribution } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { DAY_MS } from "../domain/bar.js";

/**
 * How much more the analogs' mean outcome varies than its standard error says, because of how analogs are chosen.
 *
 * The analogs are the k best windows that do not overlap: a window wins over its neighbours shifted by a few bars,
 * and those neighbours contain the days right after it, its outcome. So which window of a stretch is chosen depends
 * on what followed it, and its outcome leans with the query's shape: measured on random walks, where no shape
 * predicts anything, the mean of 30 analogs' 7-day outcomes after 20-bar windows varied 1.5 times as much (in
 * variance) as s²/n says, and its 90% interval held 81%; on SPY's own history 2.0 times. The lean differs from query
 * to query, so it cannot be subtracted; it can be measured.
 *
 * The measure: REFERENCE_WINDOWS windows of the same history at fixed, evenly spaced places, each searched and
 * followed exactly as a query is (same k, metric, horizons and mode), give their analogs' mean and s²/n; the design
 * effect is the variance of those means (plus their average covariance, from outcomes that overlap in time) over
 * the mean of those s²/n, at least 1. The analogs' interval is widened
 * by its square root. A causal query only reads references whose windows, analogs and outcomes all lie before its
 * own first bar, so nothing later is read; with fewer than MIN_REFERENCES of them the effect is unknown (null) and
 * the answer withholds its interval.
 */
export const REFERENCE_WINDOWS = 40;
export const MIN_REFERENCES = 10;

interface Reference {
  /** The reference window's last bar: the latest bar it read (its analogs and their outcomes end before its start when causal). */
  lastBar: number;
  /** Per horizon: the mean of its independent outcomes, s²/n, and when each outcome began (ms), or null below 5 of them. */
  perHorizon: (ReferenceMean | null)[];
}

interface ReferenceMean {
  mean: number;
  se2: number;
  /** Start time of each independent outcome (its analog's last bar). */
  fromMs: number[];
  /** s² of the outcomes themselves. */
  variance: number;
}

export interface SelectionOptions {
  k: number;
  metric: Metric;
  horizonsDays: readonly number[];
  causal: boolean;
}

const memo = new WeakMap<Float64Array, BoundedLru<string, Reference[]>>();
const MEMO_ENTRIES = 8;

/** Per horizon (same order): the design effect for a query window starting at `queryStart`, or null when it cannot be measured. */
export function selectionEffect(series: PriceSeries, prepared: PreparedSeries, m: number, options: SelectionOptions, queryStart: number): (number | null)[] {
  const usable = references(series, prepared, m, options).filter((r) => !options.causal || r.lastBar < queryStart);
  return options.horizonsDays.map((days, h) => {
    const found = usable.map((r) => r.perHorizon[h]).filter((x): x is ReferenceMean => x !== null);
    if (found.length < MIN_REFERENCES) return null;
    const mean = found.reduce((s, x) => s + x.mean, 0) / found.length;
    const spread = found.reduce((s, x) => s + (x.mean - mean) ** 2, 0) / (found.length - 1);
    const se2 = found.reduce((s, x) => s + x.se2, 0) / found.length;
    // References often share analogs (or analogs a few days apart), so their means move together and their spread
    // understates each one's variance by their average covariance: added back, from how much their outcomes overlap.
    const variance = spread + averageCovariance(found, days * DAY_MS);
    return se2 > 0 ? Math.max(1, variance / se2) : null;
  });
}

/**
 * The average covariance of two references' means, from their outcomes' overlap: two h-day returns that begin Δ days
 * apart share a fraction max(0, 1 - Δ/h) of their days, and so (for returns with independent days) that fraction of
 * their variance. Cov(mean_i, mean_j) = Σ_a Σ_b overlap(a, b) √(s²_i s²_j) / (n_i n_j).
 */
function averageCovariance(found: readonly ReferenceMean[], horizonMs: number): number {
  let total = 0;
  let pairs = 0;
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const a = found[i];
      const b = found[j];
      let shared = 0;
      for (const x of a.fromMs) for (const y of b.fromMs) shared += Math.max(0, 1 - Math.abs(x - y) / horizonMs);
      total += (shared * Math.sqrt(a.variance * b.variance)) / (a.fromMs.length * b.fromMs.length);
      pairs += 1;
    }
  }
  return pairs === 0 ? 0 : total / pairs;
}

/** The references of one history and configuration, computed once (a few dozen searches) and kept with the history. */
function references(series: PriceSeries, prepared: PreparedSeries, m: number, options: SelectionOptions): Reference[] {
  const forSeries = memo.get(series.closes) ?? new BoundedLru<string, Reference[]>(MEMO_ENTRIES);
  memo.set(series.closes, forSeries);
  const key = `${m}|${options.k}|${options.metric}|${options.horizonsDays.join(",")}|${options.causal}`;
  const known = forSeries.get(key) ?? computeReferences(series, prepared, m, options);
  forSeries.set(key, known);
  return known;
}

function computeReferences(series: PriceSeries, prepared: PreparedSeries, m: number, options: SelectionOptions): Reference[] {
  const n = series.closes.length;
  const found: Reference[] = [];
  for (let j = 0; j < REFERENCE_WINDOWS; j++) {
    const start = Math.floor(((j + 0.5) / REFERENCE_WINDOWS) * (n - m));
    let matches;
    try {
      matches = searchSeriesWindow(prepared, start, m, { k: options.k, metric: options.metric, wrap: false, causal: options.causal });
    } catch {
      continue; // an ineligible window (it spans a gap): no reference here
    }
    const analogs = matches.map((match) => toAnalog(series, match, m, options.metric));
    const distribution = forwardDistribution(series, analogs, m, start, options.horizonsDays);
    found.push({
      lastBar: start + m - 1,
      perHorizon: distribution.horizons.map((h) => {
        if (h.nIndependent < 5) return null;
        const mean = h.independent.reduce((s, v) => s + v, 0) / h.nIndependent;
        const variance = h.independent.reduce((s, v) => s + (v - mean) ** 2, 0) / (h.nIndependent - 1);
        const fromMs = h.independentAnalogs.map((row) => series.timesMs[analogs[row].indices[0] + m - 1]);
        return { mean, se2: variance / h.nIndependent, fromMs, variance };
      }),
    });
  }
  return found;
}
