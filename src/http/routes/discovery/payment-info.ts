import type { CatalogRoute } from "../../../contracts/route-catalog.js";
import { BASE_NETWORK, PAYMENT_TIMEOUT_SECONDS, USDC_ADDRESS, usdToAtomic } from "../../../payments/usdc-on-base.js";

export interface PaymentTerms {
  payTo: string;
  mppEnabled: boolean;
}

/**
 * `x-payment-info` for one paid operation, in the combined form that both mppx's discovery validator and
 * x402scan-style indexers read: `price` + `protocols[]` and `offers[]`. Advisory; the runtime 402 is authoritative.
 */
export function paymentInfo(route: CatalogRoute, terms: PaymentTerms): Record<string, unknown> | undefined {
  if (route.price.kind === "free") return undefined;
  const x402 = { version: 2, scheme: "exact", network: BASE_NETWORK, asset: USDC_ADDRESS, payTo: terms.payTo, maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS };
  if (route.price.kind === "dynamic") {
    // The amount is quoted per request (the 402 says it); the bounds, when the rule has them, let agents budget.
    const { rule, minUsd, maxUsd } = route.price;
    const bounds = { ...(minUsd === undefined ? {} : { min: String(minUsd) }), ...(maxUsd === undefined ? {} : { max: String(maxUsd) }) };
    const protocols: Record<string, unknown>[] = [{ x402 }];
    if (terms.mppEnabled) protocols.push({ mpp: { method: "evm", intent: "charge", currency: USDC_ADDRESS } });
    return { price: { mode: "dynamic", currency: "USD", ...bounds, rule }, protocols, authMode: "payment-required" };
  }
  const amount = usdToAtomic(route.price.usd);
  const protocols: Record<string, unknown>[] = [{ x402: { ...x402, amount } }];
  const info: Record<string, unknown> = {
    price: { mode: "fixed", currency: "USD", amount: String(route.price.usd) },
    protocols,
    authMode: "payment-required",
  };
  if (terms.mppEnabled) {
    protocols.push({ mpp: { method: "evm", intent: "charge", currency: USDC_ADDRESS } });
    info.offers = [{ method: "evm", intent: "charge", amount, currency: USDC_ADDRESS, description: route.summary }];
  }
  return info;
}
