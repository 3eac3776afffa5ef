/** The one payment asset we accept: native USDC on Base mainnet. The embedded chain deploys a test token at the same address. */
export const BASE_NETWORK = "eip155:8453" as const;
export const USDC_ADDRESS = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913" as const;
/** EIP-712 domain of Base USDC, echoed in `accepts[].extra` so clients sign the right domain. */
export const USDC_EIP712 = { name: "USD Coin", version: "2" } as const;
export const USDC_DECIMALS = 6;
/** How long a signed authorization stays valid; generous enough for slow agents, short enough to limit replays. */
export const PAYMENT_TIMEOUT_SECONDS = 120;

/** USD price to atomic USDC units as a decimal string ("0.05" -> "50000"), exact for prices with at most 6 decimals. */
export function usdToAtomic(priceUsd: number): string {
  const atomic = Math.round(priceUsd * 10 ** USDC_DECIMALS);
  if (Math.abs(atomic / 10 ** USDC_DECIMALS - priceUsd) > 1e-12) {
    throw new RangeError(`price ${priceUsd} USD is not representable in USDC atomic units`);
  }
  return String(atomic);
}
