import type { WindowMatch } from "../core/select-matches.js";
import type { PriceSeries } from "./price-series.js";
import { windowReturn } from "../core/returns.js";

export type Metric = "l1" | "l2";

export interface AnalogOptions {
  k: number;
  metric: Metric;
  wrap: boolean;
}

/** One analog: where it sits in the series and how close it is. */
export interface Analog {
  /** Bar indices of the window in order (a wrapped window runs to the end, then continues from index 0). */
  indices: number[];
  /** Length-independent score, lower = closer, 0 = the same shape (see `similarityFromDistance`). */
  similarity: number;
  distance: number;
  wrapped: boolean;
  /** Return inside the matched window; null for a wrapped window, whose two halves are not one stretch of time. */
  matchReturn: number | null;
}

/**
 * z-normalised distances grow with the window length; dividing by sqrt(m) (L2) or m (L1) makes the
 * score comparable across windows: L2 becomes the root-mean-square difference of the z-scores (0 to 2,
 * equal to sqrt(2 (1 - correlation))), L1 their mean absolute difference.
 */
export function similarityFromDistance(distance: number, m: number, metric: Metric): number {
  return metric === "l2" ? distance / Math.sqrt(m) : distance / m;
}

export function toAnalog(series: PriceSeries, match: WindowMatch, m: number, metric: Metric): Analog {
  const n = series.closes.length;
  const indices = Array.from({ length: m }, (_, i) => (match.start + i) % n);
  return {
    indices,
    similarity: similarityFromDistance(match.distance, m, metric),
    distance: match.distance,
    wrapped: match.wrapped,
    matchReturn: match.wrapped ? null : windowReturn(series.closes, match.start, m),
  };
}
