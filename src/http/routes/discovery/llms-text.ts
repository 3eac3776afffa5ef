import type { RouteModule } from "../../route-module.js";

/** A plain-text guide for language models: what the service is, how to pay, and every served route with its price. */
export function llmsText(operations: readonly RouteModule[], publicBaseUrl: string, catalogSize: number): string {
  const lines = operations.map((op) => {
    const price = op.route.price.kind === "fixed" ? `$${op.route.price.usd}` : op.route.price.kind;
    return `- ${op.route.methods.join("/")} ${op.route.path} (${price}): ${op.route.summary}`;
  });
  return [
    "# Precedent",
    "",
    "> Historical precedents of a price shape, and the statistics that follow from them, sold per call to software agents.",
    "",
    "Payment: x402 v2, scheme exact, USDC on Base (eip155:8453). Call a paid route, read the 402 PAYMENT-REQUIRED header,",
    "sign it with an x402 client and retry with PAYMENT-SIGNATURE. Errors are never charged.",
    "Every 200 response is signed (X-Response-Hash, X-Response-Signature, X-Signer); check with POST /verify_signature.",
    "",
    "Track record (free): every forecast sold is logged once, scored when its horizon passes and compared with the free",
    `baseline, beside a labelled walk-forward replay: ${publicBaseUrl}/api/track-record (JSON), ${publicBaseUrl}/track-record (page).`,
    "Find your own forecast with /api/track-record?response_hash=<X-Response-Hash>.",
    "",
    `Full description: ${publicBaseUrl}/openapi.json`,
    "",
    `## Routes served (${operations.length} of ${catalogSize} catalogued)`,
    "",
    ...lines,
    "",
  ].join("\n");
}
