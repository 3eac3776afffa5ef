import type { CatalogRoute } from "../contracts/route-catalog.js";

type DynamicPrice = Extract<CatalogRoute["price"], { kind: "dynamic" }>;

/**
 * The least a call to a dynamically priced route can cost: its catalog minimum, else one atomic unit of USDC.
 * A bare call (no parameters) is quoted this, so that indexes probing with a bare GET or POST see a 402 and
 * a price rather than a 422; nothing can be bought at it, since a paid call needs valid parameters.
 */
export function floorUsd(price: DynamicPrice): number {
  return price.minUsd ?? 0.000001;
}

/** What the 402's `resource.description` says: the summary, and for a dynamic price its rule and its floor. */
export function resourceDescription(route: CatalogRoute): string {
  if (route.price.kind !== "dynamic") return route.summary;
  return (
    `${route.summary}. Price: ${route.price.rule}. A call without parameters is quoted the minimum, ` +
    `${floorUsd(route.price)} USD; the real quote comes once the parameters are valid`
  );
}
