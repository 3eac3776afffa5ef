/** The two public x402 discovery indexes we mirror (agent-economy.md §1): Coinbase's CDP Bazaar and x402scan. */
export const INDEX_LABELS = ["cdp", "x402scan"] as const;
export type IndexLabel = (typeof INDEX_LABELS)[number];

/** Activity an index reports for a listing; each field null when that index does not give it. */
export interface ListingTraction {
  /** CDP `quality.l30DaysTotalCalls`. */
  calls_30d: number | null;
  /** CDP `quality.l30DaysUniquePayers`. */
  unique_payers_30d: number | null;
  /** CDP `quality.lastCalledAt`, ISO 8601. */
  last_called_at: string | null;
  /** x402scan `_count.toolCalls`. */
  tool_calls: number | null;
}

/**
 * One listing of one index, normalised: v1 and v2 items, atomic and decimal amounts, legacy network names and
 * either form of lastUpdated all end up in the same fields. Everything here comes from the index; nothing is
 * fetched from the listed origin.
 */
export interface MirroredResource {
  index: IndexLabel;
  /** `new URL(resource).origin`, e.g. `https://api.example.com`. */
  origin: string;
  /** Path plus query string of the resource URL. */
  path: string;
  /** The full resource URL as listed. */
  resource: string;
  description: string | null;
  /** HTTP method when the listing declares one (v2 bazaar input, v1 outputSchema.input). */
  method: string | null;
  /** Decimal USD of the chosen payment option; null when its asset is not a stablecoin we know the decimals of. */
  price_usd: number | null;
  /** CAIP-2 network of the chosen payment option (legacy names converted), e.g. `eip155:8453`. */
  network: string | null;
  /** True for test networks (base-sepolia, solana-devnet, ...): test money, not a real seller. */
  testnet: boolean;
  asset: string | null;
  pay_to: string | null;
  /** ISO 8601, or null when the listing gives no parseable time. */
  last_updated: string | null;
  x402_version: number;
  traction: ListingTraction | null;
  tags: string[];
  /** The declared input (bazaar `info.input` or v1 `outputSchema.input`), as the index gives it. */
  input_schema: unknown;
}

/** The key under which a listing is unique inside one index (x402scan keys on resource and method too). */
export function listingKey(resource: Pick<MirroredResource, "origin" | "path" | "method">): string {
  return `${resource.origin}${resource.path}#${resource.method ?? ""}`;
}
