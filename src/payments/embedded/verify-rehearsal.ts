/**
 * One dry run of the facilitator's verify in the payment thread, right after the chain is up, so that the first
 * paid call does not also pay for compiling that code (x402's checks, viem's typed-data hashing and contract
 * reads, the chain's simulation): about half of the payment thread's extra time on a first call.
 *
 * The authorization is real in form (the stock x402 client signs it, as a payer's would) but comes from a
 * throwaway key holding no USDC, so verify answers "insufficient balance" after running every check: nothing is
 * sent to the chain, stored or settled, and the throwaway key is forgotten.
 */
import { x402Client } from "@x402/core/client";
import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, VerifyResponse } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { PAYMENT_TIMEOUT_SECONDS, USDC_EIP712 } from "../usdc-on-base.js";
import { BASE_NETWORK, BASE_USDC_ADDRESS } from "./local-chain.js";

export async function rehearseVerify(facilitator: FacilitatorClient): Promise<VerifyResponse> {
  const throwaway = privateKeyToAccount(generatePrivateKey());
  const requirements: PaymentRequirements = {
    scheme: "exact",
    network: BASE_NETWORK,
    asset: BASE_USDC_ADDRESS,
    amount: "1",
    payTo: privateKeyToAccount(generatePrivateKey()).address,
    maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
    extra: { ...USDC_EIP712 },
  };
  const client = x402Client.fromConfig({ schemes: [] });
  registerExactEvmScheme(client, { signer: throwaway });
  const payload: PaymentPayload = await client.createPaymentPayload({
    x402Version: 2,
    resource: { url: "urn:precedent:verify-rehearsal", description: "warm-up", mimeType: "application/json" },
    accepts: [requirements],
  });
  return facilitator.verify(payload, requirements);
}
