/**
 * One whole paid settlement in the payment thread at boot, on a throwaway copy of the chain, so the first paid
 * call does not also pay for compiling that path: x402's verify with a real balance (its simulation of the
 * transfer included) and its settle, viem's encoding, signing and sending of the transaction, the chain's
 * execution and mining, the receipt. Measured on the first paid call after a restart: the settlement took
 * 7-13 ms against ~3 ms warm, and the verify 2-7 ms against ~1.5 ms.
 *
 * The payer is a throwaway key, funded by a mint on the fork; the fork is reverted afterwards
 * (LocalPaymentNetwork.onThrowawayFork), so the journal, balances, nonces and blocks are as before. The
 * authorization is real in form: the stock x402 client signs it, as a payer's would. A node whose chain cannot
 * settle it is broken: the network is closed and the failure thrown, which stops the start. Both callers (the
 * payment thread, `npm run facilitator`) run it before anything else can use the network.
 */
import { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequirements, SettleResponse } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount, type LocalAccount } from "viem/accounts";
import { PAYMENT_TIMEOUT_SECONDS, USDC_EIP712 } from "../usdc-on-base.js";
import type { LocalPaymentNetwork } from "./embedded-facilitator.js";
import { BASE_NETWORK, BASE_USDC_ADDRESS } from "./local-chain.js";

const REHEARSAL_AMOUNT = 1n; // one atomic unit: a millionth of a test USDC, on a fork that is thrown away
/** A function's first run compiles it; the next few get it to the optimising tier. */
const REHEARSALS = 3;

/** Resolves with the last rehearsed settlement (on the fork, so no longer on the chain). */
export async function rehearseSettlement(network: LocalPaymentNetwork): Promise<SettleResponse> {
  try {
    return await settleOnFork(network);
  } catch (error) {
    await network.close();
    throw error;
  }
}

async function settleOnFork(network: LocalPaymentNetwork): Promise<SettleResponse> {
  return network.onThrowawayFork(async () => {
    const payer = privateKeyToAccount(generatePrivateKey());
    await network.mintUsdc(payer.address, REHEARSAL_AMOUNT * BigInt(REHEARSALS));
    let settled: SettleResponse | undefined;
    for (let round = 0; round < REHEARSALS; round++) {
      const { payload, requirements } = await rehearsalPayment(payer, REHEARSAL_AMOUNT);
      const verified = await network.facilitator.verify(payload, requirements);
      if (!verified.isValid) throw new Error(`settlement rehearsal: verify refused (${verified.invalidReason ?? "no reason"})`);
      settled = await network.facilitator.settle(payload, requirements);
      if (!settled.success) throw new Error(`settlement rehearsal: settle failed (${settled.errorReason ?? "no reason"})`);
    }
    return settled!;
  });
}

/** An x402 v2 `exact` payment of `amount` from `payer` to a throwaway address, signed by the stock client. */
export async function rehearsalPayment(payer: LocalAccount, amount: bigint): Promise<{ payload: PaymentPayload; requirements: PaymentRequirements }> {
  const requirements: PaymentRequirements = {
    scheme: "exact",
    network: BASE_NETWORK,
    asset: BASE_USDC_ADDRESS,
    amount: amount.toString(),
    payTo: privateKeyToAccount(generatePrivateKey()).address,
    maxTimeoutSeconds: PAYMENT_TIMEOUT_SECONDS,
    extra: { ...USDC_EIP712 },
  };
  const client = x402Client.fromConfig({ schemes: [] });
  registerExactEvmScheme(client, { signer: payer });
  const payload = await client.createPaymentPayload({
    x402Version: 2,
    resource: { url: "urn:precedent:settlement-rehearsal", description: "warm-up", mimeType: "application/json" },
    accepts: [requirements],
  });
  return { payload, requirements };
}
