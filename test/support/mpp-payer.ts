import { evm, Mppx } from "mppx/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Service } from "../../src/main/build-service.js";

export interface MppTestPayer {
  account: PrivateKeyAccount;
  /** The stock mppx client: answers a 402 by paying its `WWW-Authenticate: Payment` evm/charge challenge, once. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Asks the route for its price (unpaid call) and returns an `Authorization: Payment …` value without sending it. */
  credentialFor(path: string, method?: "GET" | "POST"): Promise<string>;
  balance(): Promise<bigint>;
}

/** A fresh wallet holding `fundAtomic` test USDC, paying with mppx's own client code (method evm, intent charge). */
export async function createMppPayer(service: Service, baseUrl: string, fundAtomic = 10_000_000n): Promise<MppTestPayer> {
  const embedded = service.embedded;
  if (embedded === undefined) throw new Error("MPP test payer needs the embedded chain");
  const account = privateKeyToAccount(generatePrivateKey());
  await embedded.mintUsdc(account.address, fundAtomic);
  const mppx = Mppx.create({
    methods: [evm({ account, authorization: { name: "USD Coin", version: "2" } })],
    polyfill: false,
    // One attempt: a rejected credential must surface in the test, not be silently paid again.
    maxPaymentRetries: 1,
  });
  return {
    account,
    fetch: (path, init) => mppx.fetch(`${baseUrl}${path}`, { method: "POST", ...init }),
    credentialFor: async (path, method = "POST") => {
      const quote = await mppx.rawFetch(`${baseUrl}${path}`, { method });
      if (quote.status !== 402) throw new Error(`expected 402 from ${path}, got ${quote.status}`);
      return mppx.createCredential(quote);
    },
    balance: () => embedded.balanceOf(account.address),
  };
}
