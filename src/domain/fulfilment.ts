/**
 * One route-and-fulfil purchase (/api/route): opened as `paying` before the route wallet pays the seller,
 * finished once with what happened. Amounts are atomic USDC (6 decimals) as decimal strings.
 *
 * Outcomes: `delivered` (the seller answered 200 after payment; the caller is then settled), `seller_failed`
 * (the seller answered something else after our payment), `price_changed` (the seller asked more than the
 * caller's quote covers; nothing was paid), `not_offered` (the seller no longer asked for a payment we make;
 * nothing was paid), `seller_unreachable` (the exchange with the seller broke off; a payment may have gone).
 */
export type FulfilmentOutcome = "paying" | "delivered" | "seller_failed" | "price_changed" | "not_offered" | "seller_unreachable";

export interface FulfilmentStart {
  requestId: string;
  createdAtMs: number;
  payer: string | null;
  sellerUrl: string;
  sellerMethod: "GET" | "POST";
  callerQuoteAtomic: string;
}

export interface FulfilmentFinish {
  outcome: Exclude<FulfilmentOutcome, "paying">;
  sellerAmountAtomic: string | null;
  sellerPayTo: string | null;
  sellerTransaction: string | null;
  sellerStatus: number | null;
  detail: string | null;
  finishedAtMs: number;
}

export type FulfilmentRecord = FulfilmentStart & { outcome: FulfilmentOutcome } & Partial<Omit<FulfilmentFinish, "outcome">>;
