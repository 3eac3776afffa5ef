import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { Service } from "../../src/main/build-service.js";

export interface TestPayer {
  account: PrivateKeyAccount;
  /** Asks the route for its price (unpaid call) and returns a PAYMENT-SIGNATURE header value for it. */
  paymentFor(path: string, method?: "GET" | "POST", init?: RequestInit): Promise<string>;
  /** Unpaid call, then the same call paid. */
  pay(path: string, method?: "GET" | "POST", init?: RequestInit): Promise<Response>;
  balance(): Promise<bigint>;
}

export function decodeHeader<T = Record<string, unknown>>(value: string | null): T {
  if (value === null) throw new Error("header missing");
  return JSON.parse(Buffer.from(value, "base64").toString("utf8")) as T;
}

/** A fresh wallet holding `fundAtomic` test USDC, paying with the stock x402 client code. */
export async function createTestPayer(service: Service, fundAtomic = 10_000_000n): Promise<TestPayer> {
  const embedded = service.embedded;
  if (embedded === undefined) throw new Error("test payer needs the embedded chain");
  const account = privateKeyToAccount(generatePrivateKey());
  await embedded.mintUsdc(account.address, fundAtomic);
  // The stock client refuses payments above $1 by default; dynamically priced routes (sponsorships, campaigns)
  // quote up to $1,000, so tests raise the cap to the service's own largest quote.
  const client = x402Client.fromConfig({ schemes: [], spendControls: { maxAmountPerPayment: "$10000" } });
  registerExactEvmScheme(client, { signer: account });
  // The stock client caps a payment at $1 by default; dynamically priced routes (an ad budget) quote more.
  client.setSpendControls({ maxAmountPerPayment: false });

  const paymentFor = async (path: string, method: "GET" | "POST" = "POST", init: RequestInit = {}) => {
    // A dynamically priced route is quoted from its parameters, which may be in the body.
    const quote = await service.app.request(path, { ...init, method });
    if (quote.status !== 402) throw new Error(`expected 402 from ${path}, got ${quote.status}`);
    const required = decodeHeader(quote.headers.get("payment-required"));
    const payload = await client.createPaymentPayload(required as never);
    return Buffer.from(JSON.stringify(payload)).toString("base64");
  };
  return {
    account,
    paymentFor,
    pay: async (path, method = "POST", init = {}) => {
      const header = await paymentFor(path, method, init);
      const headers = new Headers(init.headers);
      headers.set("PAYMENT-SIGNATURE", header);
      return service.app.request(path, { ...init, method, headers });
    },
    balance: () => embedded.balanceOf(account.address),
  };
}
