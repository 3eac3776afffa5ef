import { ownValue } from "../../domain/own-value.js";
/**
 * Payment assets the probe can price: USDC (6 decimals) and its EIP-712 domain per network. Base addresses
 * from agent-economy.md section 1c; the domains are the tokens' own (`name()` / `version()` on chain).
 */
export interface KnownAsset {
  symbol: string;
  decimals: number;
  /** The EIP-712 domain an `exact` EVM payment signs; absent for non-EVM assets. */
  eip712?: { name: string; version: string };
}

const ASSETS: Record<string, Record<string, KnownAsset>> = {
  "eip155:8453": { "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913": { symbol: "USDC", decimals: 6, eip712: { name: "USD Coin", version: "2" } } },
  "eip155:84532": { "0x036cbd53842c5426634e7929541ec2318f3dcf7e": { symbol: "USDC", decimals: 6, eip712: { name: "USDC", version: "2" } } },
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": { EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: { symbol: "USDC", decimals: 6 } },
};

/** Legacy (x402 v1) network names the probe maps to CAIP-2 before looking an asset up. */
export const LEGACY_NETWORKS: Record<string, string> = {
  base: "eip155:8453",
  "base-sepolia": "eip155:84532",
  solana: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
};

export function knownAsset(network: string, asset: string): KnownAsset | undefined {
  const caip2 = ownValue(LEGACY_NETWORKS, network) ?? network;
  const table = ownValue(ASSETS, caip2);
  if (table === undefined) return undefined;
  return ownValue(table, asset) ?? ownValue(table, asset.toLowerCase());
}
