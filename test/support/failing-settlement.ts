import type { FacilitatorClient } from "@x402/core/server";

/**
 * The real facilitator for verification, with every settlement failing as a congested chain or revoked
 * funds would make it: what a service sees when the money does not move after the handler ran.
 */
export function failingSettlement(
  real: FacilitatorClient,
  failure: { errorReason: string; errorMessage: string } = { errorReason: "unexpected_settle_error", errorMessage: "simulated settlement failure" },
): FacilitatorClient {
  return {
    verify: (payload, requirements) => real.verify(payload, requirements),
    getSupported: () => real.getSupported(),
    settle: async (payload) => ({
      success: false,
      ...failure,
      transaction: "",
      network: "eip155:8453",
      payer: (payload.payload as { authorization?: { from?: string } }).authorization?.from,
    }),
  };
}
