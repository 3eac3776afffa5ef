import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { x402ResourceServer, type FacilitatorClient } from "@x402/core/server";
import { registerExactEvmScheme } from "@x402/evm/exact/server";
import { paymentMiddleware } from "@x402/hono";
import { Hono } from "hono";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface TestSeller {
  baseUrl: string;
  payTo: `0x${string}`;
  /** Requests whose paid handler ran (paid or not settled). */
  served: number;
  /** The price ("$0.01") of /weather and /report from now on. */
  price: string;
  /** Each following unpaid request to a paid path consumes one step: a price sets the price, a status answers with it. */
  script(...steps: Array<string | number>): void;
  /** Status the paid handler answers (200 = deliver); anything else makes the stock middleware skip settlement. */
  paidStatus: number;
  close(): Promise<void>;
}

/**
 * A stock x402 v2 seller on loopback: Hono with @x402/hono's paymentMiddleware over a resource server
 * whose facilitator is the one given (the embedded chain's, so payments settle on the same chain).
 * Paid: GET /weather, POST /report. Unpaid oddities: /broken (500), /free (200), /testnet (a 402 asking
 * for Base Sepolia), /v1 (an x402 v1 402), /redirect?to= (302).
 */
export async function startX402Seller(facilitator: FacilitatorClient): Promise<TestSeller> {
  const payTo = privateKeyToAccount(generatePrivateKey()).address;
  const steps: Array<string | number> = [];
  const seller = {
    served: 0,
    price: "$0.01",
    paidStatus: 200,
  };
  const server = new x402ResourceServer(facilitator);
  registerExactEvmScheme(server);
  const accepts = { scheme: "exact", network: "eip155:8453" as const, payTo, price: () => seller.price, maxTimeoutSeconds: 60 };
  const app = new Hono();
  app.get("/broken", (c) => c.text("down for maintenance", 500));
  app.get("/free", (c) => c.json({ free: true }));
  app.get("/redirect", (c) => c.redirect(c.req.query("to") ?? "/", 302));
  app.get("/v1", (c) => c.json({ x402Version: 1, accepts: [{ scheme: "exact", network: "base", maxAmountRequired: "10000" }] }, 402));
  app.get("/testnet", (c) => {
    const required = {
      x402Version: 2,
      resource: { url: c.req.url },
      accepts: [{ scheme: "exact", network: "eip155:84532", asset: "0x036CbD53842c5426634e7929541eC2318f3dCF7e", amount: "10000", payTo, maxTimeoutSeconds: 60, extra: {} }],
    };
    c.header("PAYMENT-REQUIRED", encodePaymentRequiredHeader(required as never));
    return c.json({}, 402);
  });
  app.use(async (c, next) => {
    if (c.req.header("payment-signature") === undefined && steps.length > 0) {
      const step = steps.shift()!;
      if (typeof step === "number") return c.text(`scripted ${step}`, step as 500);
      seller.price = step;
    }
    return next();
  });
  app.use(
    paymentMiddleware(
      {
        "GET /weather": { accepts, description: "Weather now", mimeType: "application/json" },
        "POST /report": { accepts, description: "A report", mimeType: "application/json" },
      },
      server,
    ),
  );
  const paid = (body: () => object) => (c: { json: (b: object, s: number) => Response }) => {
    seller.served += 1;
    return seller.paidStatus === 200 ? c.json(body(), 200) : c.json({ error: "seller trouble" }, seller.paidStatus);
  };
  app.get("/weather", (c) => paid(() => ({ city: c.req.query("city") ?? null, temperature_c: 11.5 }))(c as never));
  app.post("/report", async (c) => {
    const asked = (await c.req.json().catch(() => ({}))) as object;
    return paid(() => ({ report: "ok", asked }))(c as never);
  });

  const listening = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const { port } = listening.address() as AddressInfo;
  return Object.assign(seller, {
    baseUrl: `http://127.0.0.1:${port}`,
    payTo,
    script: (...more: Array<string | number>) => void steps.push(...more),
    close: () => new Promise<void>((resolve, reject) => listening.close((error) => (error ? reject(error) : resolve()))),
  });
}
