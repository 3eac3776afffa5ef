import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import type { EmbeddedPaymentNetwork } from "../../src/payments/embedded/embedded-facilitator.js";
import { decodeHeader } from "./test-payer.js";

interface App {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface RemotePayer {
  account: PrivateKeyAccount;
  /** Quotes `path` on `app` and signs a PAYMENT-SIGNATURE for that 402 (to be sent anywhere). */
  paymentFor(app: App, path: string): Promise<string>;
  balance(): Promise<bigint>;
}

/** A wallet funded on a chain the service reaches over HTTP (the standalone facilitator's), paying with the stock x402 client. */
export async function createRemotePayer(chain: EmbeddedPaymentNetwork, fundAtomic = 10_000_000n): Promise<RemotePayer> {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.mintUsdc(account.address, fundAtomic);
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  return {
    account,
    paymentFor: async (app, path) => {
      const quote = await app.request(path, { method: "POST" });
      if (quote.status !== 402) throw new Error(`expected 402 from ${path}, got ${quote.status}`);
      const payload = await client.createPaymentPayload(decodeHeader(quote.headers.get("payment-required")) as never);
      return Buffer.from(JSON.stringify(payload)).toString("base64");
    },
    balance: () => chain.balanceOf(account.address),
  };
}

/** A paid POST of /api to one node, with a PAYMENT-SIGNATURE from `paymentFor` (made against this node or another). */
export const payOn = async (node: { app: App }, header: string) =>
  node.app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
