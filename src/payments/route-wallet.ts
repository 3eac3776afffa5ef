import { x402Client } from "@x402/core/client";
import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from "@x402/core/http";
import type { PaymentRequirements, SettleResponse } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { payableOffers } from "./seller-terms.js";

/** What one purchase attempt came to. Only `paid` and `broken` with a requirement may have moved money. */
export type Purchase =
  | { kind: "paid"; requirement: PaymentRequirements; response: Response; settlement: SettleResponse | undefined; refusal: string | undefined }
  | { kind: "unpaid"; response: Response }
  | { kind: "price_changed"; askedAtomic: bigint }
  | { kind: "not_offered"; reason: string }
  | { kind: "broken"; requirement: PaymentRequirements | undefined; error: unknown };

export interface RouteWallet {
  readonly address: string;
  /**
   * Sends `request`; on a 402 pays the cheapest offer we accept (exact, USDC on Base, EIP-3009) when it asks
   * at most `maxSellerAtomic`, with the stock x402 v2 client, and sends the request again with the payment.
   */
  buy(request: Request, maxSellerAtomic: bigint): Promise<Purchase>;
}

/**
 * The route-and-fulfil wallet (ROUTE_WALLET_PRIVATE_KEY): pays sellers with @x402/fetch's
 * wrapFetchWithPayment over `transport` (the SSRF-safe fetch). The stock $1 spend cap is replaced by the
 * per-purchase cap given to `buy` (what the caller's quote covers), applied as a client policy, so a seller
 * that raised its price between our quote and the purchase is refused before anything is signed.
 */
export function createRouteWallet(privateKey: Hex, transport: typeof fetch): RouteWallet {
  const account = privateKeyToAccount(privateKey);
  return {
    address: account.address,
    buy: async (request, maxSellerAtomic) => {
      let chosen: PaymentRequirements | undefined;
      let askedAtomic: bigint | undefined;
      let sawPaymentRequired = false;
      const client = new x402Client((_version, offers) => (chosen = cheapest(offers)));
      registerExactEvmScheme(client, { signer: account });
      client.setSpendControls({ maxAmountPerPayment: false });
      client.registerPolicy((_version, offers) => {
        const payable = payableOffers(offers);
        const affordable = payable.filter((r) => BigInt(r.amount) <= maxSellerAtomic);
        if (payable.length > 0 && affordable.length === 0) askedAtomic = BigInt(cheapest(payable).amount);
        return affordable;
      });
      const watched: typeof fetch = async (input, init) => {
        const response = await transport(input, init);
        if (response.status === 402) sawPaymentRequired = true;
        return response;
      };
      let response: Response;
      try {
        response = await wrapFetchWithPayment(watched, client)(request);
      } catch (error) {
        if (chosen !== undefined) return { kind: "broken", requirement: chosen, error };
        if (askedAtomic !== undefined) return { kind: "price_changed", askedAtomic };
        if (sawPaymentRequired) return { kind: "not_offered", reason: error instanceof Error ? error.message : String(error) };
        return { kind: "broken", requirement: undefined, error };
      }
      if (chosen === undefined) return { kind: "unpaid", response };
      return { kind: "paid", requirement: chosen, response, settlement: settlementOf(response), refusal: refusalOf(response) };
    },
  };
}

function cheapest(offers: readonly PaymentRequirements[]): PaymentRequirements {
  return offers.reduce((best, r) => (BigInt(r.amount) < BigInt(best.amount) ? r : best));
}

function settlementOf(response: Response): SettleResponse | undefined {
  const header = response.headers.get("payment-response");
  if (header === null) return undefined;
  try {
    return decodePaymentResponseHeader(header);
  } catch {
    return undefined;
  }
}

/** Why the seller refused our payment (its 402's `error`), when it answered 402 again. */
function refusalOf(response: Response): string | undefined {
  const header = response.headers.get("payment-required");
  if (response.status !== 402 || header === null) return undefined;
  try {
    return decodePaymentRequiredHeader(header).error;
  } catch {
    return undefined;
  }
}
