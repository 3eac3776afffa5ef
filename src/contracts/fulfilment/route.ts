import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { enumParam } from "../params.js";

/** Largest seller body relayed (bytes): a larger answer is a SELLER_FAILED and the caller is not charged. */
export const ROUTE_MAX_SELLER_BODY_BYTES = 256 * 1024;

const SellerParamsSchema = z.record(
  z.string().min(1).max(64),
  z.union([z.string().max(2000), z.number(), z.boolean()], { error: "every value must be a string, number or boolean" }),
);

const params = z.object({
  url: z
    .string()
    .trim()
    .min(1, "is required")
    .max(2048, "must be at most 2048 characters")
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), "must be an absolute https URL of an x402 resource")
    .openapi({ description: "The seller's x402 resource (https, public address; see the description for what is refused)", example: "https://seller.example.com/api/weather" }),
  method: enumParam(["GET", "POST"] as const, { default: "GET", description: "How the seller's resource is called" }),
  params: z
    .union([
      SellerParamsSchema,
      // In the query string the object comes as its JSON text.
      z
        .string()
        .transform((text, ctx) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            ctx.addIssue({ code: "custom", message: "must be a JSON object (its JSON text in the query string)" });
            return z.NEVER;
          }
        })
        .pipe(SellerParamsSchema),
    ], { error: "must be a JSON object of string, number or boolean values" })
    .refine((o) => Object.keys(o).length <= 32, "must have at most 32 keys")
    .default({})
    .openapi({
      description:
        "The seller's parameters: a JSON object of string, number or boolean values (in the query string, its JSON text). " +
        "GET sends them as the seller URL's query string (added to any it already has), POST as a JSON body.",
      example: '{"city":"Paris"}',
    }),
});

export type RouteParams = z.infer<typeof params>;

const response = z
  .object({
    request_id: z.string().openapi({ description: "Our id of this purchase (also X-Request-Id): the key of its fulfilment record" }),
    seller: z.object({
      url: z.string().openapi({ description: "The URL called, seller parameters included (GET)" }),
      method: z.enum(["GET", "POST"]),
      status: z.number().int().openapi({ description: "Always 200: any other answer after payment is a SELLER_FAILED error" }),
      content_type: z.string().nullable(),
      body_encoding: z.enum(["json", "text", "base64"]).openapi({ description: "json: `body` is the seller's JSON value; text: its UTF-8 text; base64: its bytes" }),
      body: z.unknown().openapi({ description: "The seller's answer, as `body_encoding` says" }),
      body_bytes: z.number().int().openapi({ description: `Size of the seller's body (at most ${ROUTE_MAX_SELLER_BODY_BYTES})` }),
    }),
    payment: z.object({
      seller_amount_atomic: z.string().openapi({ description: "What the route wallet paid the seller, atomic USDC (6 decimals)" }),
      seller_amount_usd: z.number(),
      charged_atomic: z.string().openapi({ description: "What this call charges you: the quote in our 402 (settled once this answer is final)" }),
      charged_usd: z.number(),
      fee_usd: z.number().openapi({ description: "charged_usd - seller_amount_usd: 5% of the quoted seller price, rounded up, plus any drop in the seller's price since the quote" }),
      network: z.string(),
      asset: z.string(),
      seller_pay_to: z.string(),
      route_wallet: z.string().openapi({ description: "Our wallet that paid the seller" }),
      seller_transaction: z.string().nullable().openapi({ description: "The seller's settlement transaction (from its PAYMENT-RESPONSE), null if it sent none" }),
      seller_receipt: z.record(z.string(), z.unknown()).nullable().openapi({ description: "The seller's PAYMENT-RESPONSE, decoded, as it sent it" }),
    }),
    fulfilled_at: z.string().openapi({ description: "When the seller's answer arrived (ISO-8601 UTC)" }),
  })
  .openapi("RouteFulfilment");

const example: z.infer<typeof response> = {
  request_id: "5c1f0d2e-8a43-4b8e-9d8f-2f6a1b7c9e10",
  seller: {
    url: "https://seller.example.com/api/weather?city=Paris",
    method: "GET",
    status: 200,
    content_type: "application/json",
    body_encoding: "json",
    body: { city: "Paris", temperature_c: 11.5 },
    body_bytes: 40,
  },
  payment: {
    seller_amount_atomic: "10000",
    seller_amount_usd: 0.01,
    charged_atomic: "10500",
    charged_usd: 0.0105,
    fee_usd: 0.0005,
    network: "eip155:8453",
    asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    seller_pay_to: "0x7d3cA1e1E6B2a8F0c4B5E2D9f1A0b3C4d5E6F708",
    route_wallet: "0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db",
    seller_transaction: "0x9f3c1a7e5b2d4c8f0e6a1b3d5f7092c4e6a8b0d2f4e6a8c0b2d4f6e8a0c2e4f6",
    seller_receipt: {
      success: true,
      transaction: "0x9f3c1a7e5b2d4c8f0e6a1b3d5f7092c4e6a8b0d2f4e6a8c0b2d4f6e8a0c2e4f6",
      network: "eip155:8453",
      payer: "0x4B20993Bc481177ec7E8f571ceCaE8A9e22C02db",
    },
  },
  fulfilled_at: "2026-11-23T14:30:00.000Z",
};

export const ROUTE_DESCRIPTION =
  "Buys an x402 resource from another seller on your behalf. Before payment we call the seller (url, method, params) through our " +
  "SSRF-safe client and read its x402 v2 402: the cheapest offer in USDC on Base (eip155:8453, scheme exact, EIP-3009) is the seller " +
  "price, and our own 402 quotes it plus a 5% fee, rounded up to the micro-dollar. Quotes above $10.00 are refused (422), as are sellers " +
  "that are not x402 v2, that ask for another network, asset or scheme, that answer anything but 402 unpaid, or whose URL is not https " +
  "on a public address (ports 443/8443; no local, private, metadata or rebinding hosts, checked again at connect time and at every redirect), " +
  "and this service's own host. The price depends on the parameters, so HEAD is 405. Once your payment verifies, our route wallet pays " +
  "the seller with the stock x402 client and we relay the seller's status, body (at most 256 KiB) and PAYMENT-RESPONSE receipt inside " +
  "our signed 200; your payment is settled only then. If the seller answers anything but 200 after our payment, asks more than your " +
  "quote covers, or cannot be reached, the answer is 502 SELLER_FAILED (503 UPSTREAM_UNAVAILABLE when unreachable) and you are not " +
  "charged; an x402 seller does not settle a payment for a request it failed, and our authorization expires after the seller's " +
  "maxTimeoutSeconds; if a seller settles anyway, that loss is ours. Every purchase is recorded (request id, seller URL, seller amount, " +
  "your quote, seller transaction, outcome). Served only where a route wallet (ROUTE_WALLET_PRIVATE_KEY) is configured.";

export const routeContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_route",
  description: ROUTE_DESCRIPTION,
  params,
  response,
  example: { params: { url: "https://seller.example.com/api/weather", method: "GET", params: '{"city":"Paris"}' }, response: example },
  errors: ["SELLER_FAILED", "UPSTREAM_UNAVAILABLE"],
};
