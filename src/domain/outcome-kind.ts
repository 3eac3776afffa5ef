import type { ResolvedSymbol } from "./resolved-symbol.js";

/**
 * What a series' moves are. price: returns of something bought and sold (stocks, funds, coins, commodities,
 * currencies). rate: a yield quoted in percent (^TNX 4.25 = 4.25%), whose move is a change in points, not a
 * return. volatility: an index of implied volatility (^VIX), which mean-reverts and jumps; its "returns" are no
 * position's. Outcomes of different kinds are never pooled into one average.
 */
export type OutcomeKind = "price" | "rate" | "volatility";

/** Cboe's and ICE's implied-volatility indices quoted by Yahoo. */
const VOLATILITY_INDICES: ReadonlySet<string> = new Set(["^VIX", "^VIX9D", "^VIX3M", "^VIX6M", "^VVIX", "^VXN", "^RVX", "^VXD", "^OVX", "^GVZ", "^EVZ", "^MOVE"]);

export function outcomeKindOf(symbol: ResolvedSymbol): OutcomeKind {
  if (symbol.assetClass === "rate") return "rate";
  return VOLATILITY_INDICES.has(symbol.source) ? "volatility" : "price";
}
