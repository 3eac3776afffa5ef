import { mean, percentileOfSorted, sampleStd } from "../core/statistics.js";

/** Descriptive statistics of a sample of returns (decimals). Every figure is null when the sample is empty. */
export interface ReturnStats {
  n: number;
  mean: number | null;
  /** Sample standard deviation (n - 1); null below two values. */
  std: number | null;
  /** Share of strictly positive returns. */
  hitRate: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
}

/** Percentiles are type 7 (linear interpolation between closest ranks, numpy's default). */
export function describeReturns(values: readonly number[]): ReturnStats {
  const n = values.length;
  if (n === 0) {
    return { n, mean: null, std: null, hitRate: null, p10: null, p25: null, p50: null, p75: null, p90: null, min: null, max: null };
  }
  // Sorted once for the five percentiles (the values are finite: they are returns).
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => percentileOfSorted(sorted, p);
  return {
    n,
    mean: mean(values),
    std: n >= 2 ? sampleStd(values) : null,
    hitRate: values.filter((v) => v > 0).length / n,
    p10: at(10),
    p25: at(25),
    p50: at(50),
    p75: at(75),
    p90: at(90),
    min: sorted[0],
    max: sorted[n - 1],
  };
}

/** A stretch of bars [start, end] one piece of evidence rests on (its own window plus its outcome). */
export interface EvidenceSpan {
  start: number;
  end: number;
}

/**
 * The largest set of spans that share no daily return (they may touch: one's last bar may be the next one's
 * first), chosen greedily by earliest end, which is optimal for interval scheduling. Returns positions into
 * `spans`, in time order. This is how many outcomes count as independent evidence.
 */
export function selectIndependent(spans: readonly EvidenceSpan[]): number[] {
  const order = spans.map((_, i) => i).sort((a, b) => spans[a].end - spans[b].end || spans[a].start - spans[b].start);
  const kept: number[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const i of order) {
    if (spans[i].start >= lastEnd) {
      kept.push(i);
      lastEnd = spans[i].end;
    }
  }
  return kept;
}
