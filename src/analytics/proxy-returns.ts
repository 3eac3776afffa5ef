import { stepReturns } from "./aligned-panel.js";
import { mapToFloat64 } from "../core/typed-arrays.js";

/**
 * How a price-based factor proxy turns aligned closes into one daily series:
 * - return: the simple return of one instrument (market = SPY);
 * - spread: long minus short simple return, a dollar-neutral long/short (size = IWM - SPY);
 * - yield_change: the day's change of a yield quoted in percent, as a decimal (^TNX 4.25 -> 4.30 is
 *   +0.0005), so a beta on it reads as the book's return per unit of yield change (minus a duration);
 * - inverse_return: the simple return of 1 / price (the dollar against the euro from EURUSD=X).
 */
export type ProxyConstruction = "return" | "spread" | "yield_change" | "inverse_return";

export function proxyReturns(construction: ProxyConstruction, legs: readonly Float64Array[], stepEnds: Int32Array): Float64Array {
  const [first, second] = legs;
  switch (construction) {
    case "return":
      return stepReturns(first, stepEnds);
    case "spread": {
      const long = stepReturns(first, stepEnds);
      const short = stepReturns(second, stepEnds);
      return long.map((r, i) => r - short[i]);
    }
    case "yield_change":
      return mapToFloat64(stepEnds, (j) => (first[j] - first[j - 1]) / 100);
    case "inverse_return":
      return mapToFloat64(stepEnds, (j) => first[j - 1] / first[j] - 1);
  }
}

/** Number of instruments each construction reads. */
export const LEGS_PER_CONSTRUCTION: Readonly<Record<ProxyConstruction, 1 | 2>> = {
  return: 1,
  spread: 2,
  yield_change: 1,
  inverse_return: 1,
};
