import { skewCorrectedMeanInterval, type Interval } from "../core/mean-interval.js";
import { mean, sampleStd } from "../core/statistics.js";

/**
 * The one policy of every interval the service publishes (docs/statistics.md, "How to read these numbers").
 * Each holds its nominal coverage in the seeded simulations of test/statistics/, at n = 5, 10 and 30 and on
 * outcome distributions from normal to as skewed as a single stock's or a cryptocurrency's monthly returns.
 */

/** Nominal coverage: 90% central intervals, so each side misses 5% of the time. */
export const INTERVAL_LEVEL = 0.9;

/**
 * Fewest independent values an interval of their mean is given from. With 3 or 4, Student's interval is honest
 * for normal outcomes but misses 12-14% of the time on skewed ones (a single stock's month), and its width is
 * mostly the t quantile (2.9 at n = 3): the answer says why there is none instead.
 */
export const MIN_INTERVAL_N = 5;

/**
 * Largest |skewness| / √n at which the skew correction still holds its coverage. Past it (a volatility index,
 * skewness about 7 at 30 days, under about 22 values) the normal approximation behind any such interval fails:
 * measured 75-83% coverage for a nominal 90%. The answer then says so instead.
 */
export const MAX_SKEW_OVER_ROOT_N = 1.5;

export type MeanInterval =
  | { interval: Interval; method: "student_t" | "skew_corrected_t"; withheld: null }
  | { interval: null; method: null; withheld: string };

/** Why an analog interval is withheld when the spread its analogs' selection adds cannot be measured (selection-effect.ts). */
export const UNMEASURED_SELECTION =
  "the spread the choice of analogs adds to their mean could not be measured: fewer than 10 reference windows of this history lie before this one";

/**
 * The INTERVAL_LEVEL interval of the mean of independent `values`: Student's t interval, corrected for the
 * skewness of the distribution they come from when it is known (from the whole history's outcomes at the same
 * horizon: see core/mean-interval.ts), or withheld with the reason. `designEffect` (at least 1) is how many times
 * the mean's variance exceeds s²/n because of how the values were chosen (selection-effect.ts): each side of the
 * interval is widened by its square root; null means it could not be measured, and the interval is withheld.
 */
export function intervalOfMean(values: ArrayLike<number>, skewness: number | null, designEffect: number | null = 1): MeanInterval {
  const n = values.length;
  if (n < MIN_INTERVAL_N) {
    return { interval: null, method: null, withheld: `${n} independent outcome${n === 1 ? "" : "s"}: too few for an interval (at least ${MIN_INTERVAL_N})` };
  }
  const std = sampleStd(values);
  if (std === 0) return { interval: null, method: null, withheld: "the outcomes do not vary: no interval can be drawn from them" };
  const gamma = skewness ?? 0;
  if (Math.abs(gamma) / Math.sqrt(n) > MAX_SKEW_OVER_ROOT_N) {
    const needed = Math.ceil((gamma / MAX_SKEW_OVER_ROOT_N) ** 2);
    return {
      interval: null,
      method: null,
      withheld: `outcomes this skewed (skewness ${gamma.toFixed(1)}) need at least ${needed} independent values for an interval that holds its level; there are ${n}`,
    };
  }
  if (designEffect === null) return { interval: null, method: null, withheld: UNMEASURED_SELECTION };
  const centre = mean(values);
  const plain = skewCorrectedMeanInterval(centre, std, n, INTERVAL_LEVEL, gamma);
  const widen = Math.sqrt(Math.max(1, designEffect));
  return {
    interval: { low: centre - widen * (centre - plain.low), high: centre + widen * (plain.high - centre) },
    method: skewness === null ? "student_t" : "skew_corrected_t",
    withheld: null,
  };
}
