import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { privateKeyToAccount } from "viem/accounts";
import type { FetchLike } from "../../http/http-client.js";

/** A fetch that pays x402 challenges from one wallet, refusing any payment that would pass the budget. */
export interface BudgetedPayingFetch {
  fetch: FetchLike;
  /** USD committed to payments so far (signed authorizations, whether or not the seller settled them). */
  spentUsd(): number;
}

const USDC_DECIMALS = 6;

/**
 * The stock @x402/fetch client with a spending cap for one run: before each payment is signed, its amount
 * (USDC atomic units) is checked against what is left of `budgetUsd`; a payment that would pass it is aborted
 * by the client's own hook, so nothing over budget is ever signed.
 */
export function budgetedPayingFetch(privateKey: `0x${string}`, budgetUsd: number, transport: FetchLike = (input, init) => fetch(input, init)): BudgetedPayingFetch {
  let spent = 0;
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: privateKeyToAccount(privateKey) });
  client.onBeforePaymentCreation(async ({ selectedRequirements }) => {
    const usd = Number(selectedRequirements.amount) / 10 ** USDC_DECIMALS;
    if (!Number.isFinite(usd) || spent + usd > budgetUsd + 1e-9) {
      return { abort: true as const, reason: `MIRROR_BUDGET_USD ${budgetUsd} would be passed (spent ${spent.toFixed(4)}, asked ${usd})` };
    }
    spent += usd;
    return undefined;
  });
  return { fetch: wrapFetchWithPayment(transport, client) as FetchLike, spentUsd: () => spent };
}
