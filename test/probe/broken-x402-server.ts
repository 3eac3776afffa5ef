import { startLocalReceiver, type LocalReceiver, type ReceivedRequest } from "../support/local-receiver.js";

const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const BROKEN_PAY_TO = "0x1111111111111111111111111111111111111111";

/**
 * A deliberately broken x402 seller on 127.0.0.1, each defect one a real merchant has shipped
 * (x402scan's DISCOVERY.md failure list): x402 v1 only (terms in a JSON body, no PAYMENT-REQUIRED), a decimal
 * amount ("0.01" where atomic units are due), no Cache-Control: no-store on the 402, request validation
 * before the payment challenge (400 without `q`), a 500 on any payment header it cannot decode, and a
 * 20 KB debug header on its 402 (past Node's 16 KiB header limit).
 */
export async function startBrokenX402Server(): Promise<LocalReceiver & { base: string }> {
  const receiver = await startLocalReceiver(() => ({ status: 500 }));
  const base = `http://127.0.0.1:${receiver.port}`;
  receiver.reply = (request: ReceivedRequest) => {
    const url = new URL(request.path, base);
    if (url.pathname === "/.well-known/x402") return json(200, { version: 1, resources: [`${base}/quote`] });
    if (url.pathname === "/openapi.json") return json(200, openApi());
    if (url.pathname !== "/quote") return json(404, { error: "not found" });
    if (request.method === "OPTIONS") return { status: 404 };
    if (request.headers["payment-signature"] !== undefined || request.headers["x-payment"] !== undefined) {
      return json(500, { error: "TypeError: Cannot read properties of undefined (reading 'signature')" });
    }
    if (!url.searchParams.has("q")) return json(400, { error: "missing parameter q" });
    const terms = {
      x402Version: 1,
      error: "X-PAYMENT header is required",
      accepts: [
        {
          scheme: "exact",
          network: "base",
          maxAmountRequired: "0.01",
          resource: `${base}/quote`,
          description: "A quote",
          mimeType: "application/json",
          payTo: BROKEN_PAY_TO,
          maxTimeoutSeconds: 60,
          asset: BASE_USDC,
          extra: { name: "USD Coin", version: "2" },
        },
      ],
    };
    return { status: 402, headers: { "content-type": "application/json", "x-debug-trace": "t".repeat(20_000) }, body: JSON.stringify(terms) };
  };
  return Object.assign(receiver, { base });
}

function json(status: number, body: unknown) {
  return { status, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

function openApi() {
  return {
    openapi: "3.1.0",
    info: { title: "Broken quotes", version: "0.1.0" },
    paths: {
      "/quote": {
        get: {
          parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" }, example: "btc" }],
          "x-payment-info": { price: { mode: "fixed", currency: "USD", amount: "0.01" }, protocols: [{ x402: {} }] },
          responses: { "200": { description: "a quote" }, "402": { description: "payment required" } },
        },
      },
    },
  };
}
