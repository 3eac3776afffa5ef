import { ownValue } from "../../domain/own-value.js";
/**
 * Legacy x402 v1 network names -> CAIP-2 (the table of @x402/evm 2.27 plus Solana; agent-economy.md §1c).
 * Underscore spellings (x402scan's enum: `base_sepolia`) are read as hyphens.
 */
const LEGACY_TO_CAIP2: Readonly<Record<string, string>> = {
  base: "eip155:8453",
  "base-sepolia": "eip155:84532",
  avalanche: "eip155:43114",
  "avalanche-fuji": "eip155:43113",
  polygon: "eip155:137",
  "polygon-amoy": "eip155:80002",
  sei: "eip155:1329",
  "sei-testnet": "eip155:1328",
  iotex: "eip155:4689",
  peaq: "eip155:3338",
  story: "eip155:1514",
  abstract: "eip155:2741",
  monad: "eip155:143",
  megaeth: "eip155:4326",
  solana: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  "solana-devnet": "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
};

const TESTNETS = new Set(["eip155:84532", "eip155:43113", "eip155:80002", "eip155:1328", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1"]);

/** CAIP-2 for a legacy name or an already-CAIP-2 value; null for anything else (never guessed). */
export function caip2Network(network: unknown): string | null {
  if (typeof network !== "string" || network === "") return null;
  if (/^[^:\s]+:[^:\s]+$/.test(network)) return network;
  return ownValue(LEGACY_TO_CAIP2, network.toLowerCase().replace(/_/g, "-")) ?? null;
}

export function isTestnet(caip2: string | null): boolean {
  return caip2 !== null && TESTNETS.has(caip2);
}

/**
 * USDC contracts (6 decimals on every chain) by CAIP-2 network, lower-cased. Only these are priced: an asset
 * whose decimals we do not know is left out of prices and medians rather than guessed.
 */
const USDC_BY_NETWORK: Readonly<Record<string, string>> = {
  "eip155:8453": "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913",
  "eip155:84532": "0x036cbd53842c5426634e7929541ec2318f3dcf7e",
  "eip155:137": "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359",
  "eip155:43114": "0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e",
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v".toLowerCase(),
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": "4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU".toLowerCase(),
};
const USDC_DECIMALS = 6;

/** The bare contract address of an asset given plainly or as CAIP-19 (`eip155:8453/erc20:0x...`). */
export function assetAddress(asset: unknown): string | null {
  if (typeof asset !== "string" || asset === "") return null;
  const caip19 = /^[^:]+:[^/]+\/[^:]+:(.+)$/.exec(asset);
  return caip19 === null ? asset : caip19[1];
}

/** Decimals of a known stablecoin on a network, else undefined. */
export function knownDecimals(network: string | null, asset: string | null): number | undefined {
  if (network === null || asset === null) return undefined;
  return ownValue(USDC_BY_NETWORK, network) === asset.toLowerCase() ? USDC_DECIMALS : undefined;
}

/** Atomic units (an integer string) -> decimal USD, exact to the unit; null when not an integer string. */
export function atomicToUsd(amount: unknown, decimals: number): number | null {
  const text = typeof amount === "number" && Number.isSafeInteger(amount) ? String(amount) : amount;
  if (typeof text !== "string" || !/^\d{1,30}$/.test(text)) return null;
  return Number(text) / 10 ** decimals;
}
