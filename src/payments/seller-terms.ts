import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { BASE_NETWORK, USDC_ADDRESS } from "./usdc-on-base.js";

/** Route-and-fulfil terms: the caller pays the seller's price plus this fee, rounded up to the atomic unit. */
export const ROUTE_FEE_PERCENT = 5n;
/** The most a caller can be quoted for one purchase: $10.00 in atomic USDC. */
export const ROUTE_CAP_ATOMIC = 10_000_000n;

/** What the caller pays for a seller price: price + 5%, rounded up (never below what the seller asks plus the fee). */
export function callerPriceAtomic(sellerAtomic: bigint): bigint {
  const scaled = sellerAtomic * (100n + ROUTE_FEE_PERCENT);
  return (scaled + 99n) / 100n;
}

export type SellerTerms = { kind: "terms"; requirement: PaymentRequirements; paymentRequired: PaymentRequired } | { kind: "refused"; reason: string };

/**
 * Reads a seller's 402 (PAYMENT-REQUIRED header, x402 v2) and picks the cheapest offer our route wallet can
 * pay: scheme `exact`, USDC on Base (eip155:8453), an EIP-3009 authorization (a Permit2 offer would need an
 * on-chain approval first). Anything else is refused with the reason in words a caller can act on.
 */
export function sellerTermsOf(headers: Record<string, string>, body: Uint8Array): SellerTerms {
  const header = headers["payment-required"];
  if (header === undefined) {
    return { kind: "refused", reason: bodyLooksLikeV1(body) ? "the seller speaks x402 v1 (terms in the body); only x402 v2 sellers (PAYMENT-REQUIRED header) are supported" : "the seller's 402 carries no PAYMENT-REQUIRED header (not an x402 v2 seller)" };
  }
  let paymentRequired: PaymentRequired;
  try {
    paymentRequired = decodePaymentRequiredHeader(header);
  } catch {
    return { kind: "refused", reason: "the seller's PAYMENT-REQUIRED header is not base64 JSON PaymentRequired" };
  }
  if (paymentRequired.x402Version !== 2 || !Array.isArray(paymentRequired.accepts)) {
    return { kind: "refused", reason: `the seller's terms are x402 version ${String(paymentRequired.x402Version)}; only version 2 is supported` };
  }
  const payable = payableOffers(paymentRequired.accepts);
  if (payable.length === 0) {
    const offered = paymentRequired.accepts.map((r) => `${r.scheme} on ${r.network} in ${r.asset}`).join("; ") || "nothing";
    return { kind: "refused", reason: `the seller accepts ${offered}; only exact EIP-3009 payments in USDC on Base (eip155:8453, ${USDC_ADDRESS}) are supported` };
  }
  const cheapest = payable.reduce((best, r) => (BigInt(r.amount) < BigInt(best.amount) ? r : best));
  return { kind: "terms", requirement: cheapest, paymentRequired };
}

/** The offers the route wallet can pay (also the policy of the paying client, so quote and payment agree). */
export function payableOffers(accepts: readonly PaymentRequirements[]): PaymentRequirements[] {
  return accepts.filter(
    (r) =>
      r.scheme === "exact" &&
      r.network === BASE_NETWORK &&
      typeof r.asset === "string" &&
      r.asset.toLowerCase() === USDC_ADDRESS.toLowerCase() &&
      /^[0-9]{1,18}$/.test(String(r.amount)) &&
      BigInt(r.amount) > 0n &&
      (r.extra?.assetTransferMethod === undefined || r.extra.assetTransferMethod === "eip3009"),
  );
}

function bodyLooksLikeV1(body: Uint8Array): boolean {
  try {
    const parsed = JSON.parse(new TextDecoder().decode(body)) as { x402Version?: unknown };
    return parsed.x402Version === 1;
  } catch {
    return false;
  }
}
