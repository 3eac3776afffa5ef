import type { CatalogRoute } from "../../../contracts/route-catalog.js";
import { BASE_NETWORK, PAYMENT_TIMEOUT_SECONDS, USDC_ADDRESS, USDC_EIP712, usdToAtomic } from "../../../payments/usdc-on-base.js";

/**
 * The decoded PaymentRequired (x402 v2) an unpaid call to a fixed-price route answers with, built from the
 * same catalog row and terms as the gate; a test decodes the live PAYMENT-REQUIRED header and compares.
 * The live answer also carries `extensions.bazaar` (this operation's input schema and example), left out
 * here because the document already states both.
 */
export function paymentRequiredExample(route: CatalogRoute, terms: { payTo: string; publicBaseUrl: string }): Record<string, unknown> | undefined {
  if (route.price.kind !== "fixed") return undefined;
  return {
    x402Version: 2,
    error: "Payment required",
    resource: { url: `${terms.publicBaseUrl}${route.path}`, description: route.summary, mimeType: "application/json", serviceName: "Precedent" },
    accepts: [
      {
        scheme: "exact",
        network: BASE_NETWORK,
        amount: usdToAtomic(route.price.usd),
        asset: USDC_ADDRESS,
        payTo: terms.payTo,
        maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
        extra: { ...USDC_EIP712 },
      },
    ],
  };
}
