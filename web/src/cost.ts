import { formatUsdc } from "./analysis.js";
import type { SearchInput } from "./form-check.js";

/** The paid routes a search calls, by path, with their fixed price in atomic USDC (6 decimals). */
export type RoutePrices = Map<string, bigint>;

export const SEARCH_ROUTES = ["/get_patterns", "/get_price_history", "/forward_distribution"] as const;

interface OpenApiPaths {
  paths: Record<string, Record<string, { "x-payment-info"?: { protocols?: { x402?: { amount?: string } }[] } }>>;
}

/** Each search route's price as /openapi.json publishes it (`x-payment-info`, the x402 amount). */
export function routePrices(doc: OpenApiPaths): RoutePrices {
  const prices: RoutePrices = new Map();
  for (const route of SEARCH_ROUTES) {
    const amount = doc.paths[route]?.post?.["x-payment-info"]?.protocols?.find((p) => p.x402 !== undefined)?.x402?.amount;
    if (amount !== undefined && /^\d+$/.test(amount)) prices.set(route, BigInt(amount));
  }
  return prices;
}

export interface SearchCost {
  fewestCalls: number;
  mostCalls: number;
  fewest: bigint;
  most: bigint;
}

/**
 * What a search will cost before it runs: /get_patterns, /forward_distribution, the query ticker's history unless
 * the page holds it already, and one history per other series the analogs may lie in (none for the ticker's own
 * history; up to one per listed symbol, and at most k, for a cross-asset search).
 */
export function searchCost(input: SearchInput, prices: RoutePrices, holdsQueryHistory: boolean): SearchCost {
  const price = (route: string) => prices.get(route) ?? 0n;
  const ticker = input.ticker.toUpperCase();
  const others =
    input.universe === undefined
      ? 0
      : input.universe === "all"
        ? // Every series the node holds: the analogs, not the list, bound how many other series they lie in.
          Number.POSITIVE_INFINITY
        : new Set(input.universe.split(",").map((s) => s.trim().toUpperCase()).filter((s) => s !== "" && s !== ticker)).size;
  const fixed = 2 + (holdsQueryHistory ? 0 : 1);
  const fixedPrice = price("/get_patterns") + price("/forward_distribution") + (holdsQueryHistory ? 0n : price("/get_price_history"));
  // At most k analogs, so at most k other series however many are searched.
  const most = Math.min(others, input.k);
  return { fewestCalls: fixed, mostCalls: fixed + most, fewest: fixedPrice, most: fixedPrice + BigInt(most) * price("/get_price_history") };
}

/** "3 calls, $0.105", or "3 to 8 calls, $0.105 to $0.13" when the analogs' series decide. */
export function describeCost(cost: SearchCost): string {
  if (cost.mostCalls === cost.fewestCalls) return `${cost.fewestCalls} calls, ${formatUsdc(cost.fewest)}`;
  return `${cost.fewestCalls} to ${cost.mostCalls} calls, ${formatUsdc(cost.fewest)} to ${formatUsdc(cost.most)}`;
}
