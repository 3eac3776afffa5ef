import type { OpenAPIHono } from "@hono/zod-openapi";
import type { RouteModule } from "../../route-module.js";
import type { AppEnv } from "../../app-env.js";
import { paymentInfo, type PaymentTerms } from "./payment-info.js";
import { paymentRequiredExample } from "./payment-required-example.js";
import { shareRepeatedResponses } from "./shared-responses.js";
import { ownValue } from "../../../domain/own-value.js";

const SERVICE_DESCRIPTION = `Precedent finds historical windows whose price shape resembles a query window and turns them into
statistics. Every paid call is settled per call with x402 v2 in USDC on Base (eip155:8453): call a paid route without payment to
get a 402 with a PAYMENT-REQUIRED header (and the same PaymentRequired JSON as the body), sign it with any x402 client, and
retry with PAYMENT-SIGNATURE. MPP is offered beside it: the same 402 carries WWW-Authenticate: Payment (method "evm",
intent "charge", same amount, asset and recipient); retry with Authorization: Payment and receive a Payment-Receipt.
Nothing is charged for an error on either protocol: a payment is verified first and settled only after the handler
answered below 400; if settlement fails, the body is withheld.

Every 200 response is signed: X-Response-Hash is sha256 of the exact body bytes, X-Response-Signature an EIP-191 personal_sign
over the raw 32-byte digest by X-Signer. Check it locally or with POST /verify_signature.

Parameters: every route accepts GET and POST; parameters come from the query string, or on POST from a JSON object body with
the same names. Returns are decimals (0.012 = +1.2%); daily dates are YYYY-MM-DD, intraday times ISO-8601 UTC.

Errors share one body: {"error":{"code","message","details"?,"request_id"}}. 422 VALIDATION_FAILED names each bad parameter;
404 UNKNOWN_TICKER for a symbol we cannot map, 404 NO_DATA for an empty range; 422 RANGE_UNAVAILABLE when the source cannot
serve that far back; 503 UPSTREAM_UNAVAILABLE with Retry-After for upstream trouble. A 5xx body carries its code and a short
reason only (the detail stays in our log under its request_id).

Edge rules, checked before any route or payment code runs: a body over BODY_LIMIT_BYTES (64 KiB by default, with or without
Content-Length) answers 413 PAYLOAD_TOO_LARGE unread; free routes (discovery documents, /verify_signature, unknown paths) and the
dev faucet are rate limited per client and per node with a token bucket (RATE_LIMIT_FREE_PER_MINUTE, 120 by default;
RATE_LIMIT_FAUCET_PER_MINUTE, 10) and answer 429 RATE_LIMITED with Retry-After; paid routes are not rate limited (callers are
limited by paying), except that an unpaid call to a dynamically priced route, which must be quoted, counts as a free call. A method a path does not serve answers 405 METHOD_NOT_ALLOWED with Allow, never 402. HEAD on a paid route
answers as an unpaid GET (402 with PAYMENT-REQUIRED and WWW-Authenticate, no body) and never verifies or settles a payment,
whatever it carries. X-Request-Id in a response is our own id for the request (also in error bodies as request_id); an
X-Request-Id you send is never used as ours, only logged beside it.`;

/** Short agent guidance (agentcash discovery reads `info.x-guidance`); llms.txt has the long form. */
const GUIDANCE =
  "Call any route without payment to get its 402 terms, pay with an x402 v2 client (exact, USDC on Base) or MPP charge, " +
  "and retry. Parameters go in the query string or a JSON body. Nothing is charged for an error or for an answer in " +
  "which no item could be served. Start with GET /api for prices, /get_latest_price?ticker=AAPL for a quote, " +
  "/get_patterns?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01 for historical analogs.";

const SECURITY_SCHEMES = {
  x402: {
    type: "http",
    scheme: "x402",
    description:
      "x402 v2 payment, sent in the PAYMENT-SIGNATURE header (base64 JSON PaymentPayload), not in Authorization: " +
      "call without it to receive the terms (402, PAYMENT-REQUIRED header), sign them, and retry. No account or key.",
  },
  mpp: {
    type: "http",
    scheme: "Payment",
    description: 'MPP charge: answer the 402\'s WWW-Authenticate: Payment challenge (method "evm", intent "charge") with Authorization: Payment.',
  },
};

/**
 * The x402 v2 PaymentRequired every 402 carries (header and body), with every field the live answer has, so
 * that each operation's 402 example validates against it (Redocly's no-invalid-media-type-examples reads a
 * schema's properties as closed). One component, referenced by every 402.
 */
const PaymentRequiredSchema = {
  type: "object",
  required: ["x402Version", "accepts"],
  properties: {
    x402Version: { type: "integer", const: 2 },
    error: { type: "string", description: "Why the payment was refused (a snake_case code such as payment_resource_mismatch), or \"Payment required\"" },
    resource: {
      type: "object",
      required: ["url"],
      properties: {
        url: { type: "string", description: "The route paid for: a payment made out for another resource is refused" },
        description: { type: "string" },
        mimeType: { type: "string" },
        serviceName: { type: "string" },
        tags: { type: "array", items: { type: "string" } },
        iconUrl: { type: "string" },
      },
    },
    accepts: {
      type: "array",
      items: {
        type: "object",
        properties: {
          scheme: { type: "string" },
          network: { type: "string" },
          amount: { type: "string", description: "Atomic USDC units (6 decimals)" },
          asset: { type: "string" },
          payTo: { type: "string" },
          maxTimeoutSeconds: { type: "integer" },
          extra: { type: "object" },
        },
      },
    },
    extensions: { type: "object", description: "extensions.bazaar: this operation's input (query string for GET, JSON body for POST) and an output example" },
  },
};

type OperationObject = Record<string, unknown> & { responses: Record<string, unknown> };

/**
 * The OpenAPI 3.1 document: generated from the operations' zod contracts, then every paid operation gets
 * `x-payment-info`, its payment security and its 402 response (a real decoded PaymentRequired) from the
 * route catalog, so prices live in one place; free operations say `security: []`.
 */
export function buildOpenApiDocument(
  app: OpenAPIHono<AppEnv>,
  operations: readonly RouteModule[],
  options: PaymentTerms & { publicBaseUrl: string; version: string },
): Record<string, unknown> {
  const document = app.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Precedent", version: options.version, description: SERVICE_DESCRIPTION, contact: { name: "Precedent", url: options.publicBaseUrl } },
    servers: [{ url: options.publicBaseUrl }],
  }) as unknown as { info: Record<string, unknown>; components?: Record<string, unknown>; paths: Record<string, Record<string, OperationObject>> };
  document.info["x-guidance"] = GUIDANCE;
  document.components = {
    ...document.components,
    schemas: { ...(document.components?.schemas as Record<string, unknown> | undefined), PaymentRequired: PaymentRequiredSchema },
    securitySchemes: SECURITY_SCHEMES,
  };
  const paymentSecurity = options.mppEnabled ? [{ x402: [] }, { mpp: [] }] : [{ x402: [] }];
  for (const op of operations) {
    const info = paymentInfo(op.route, options);
    for (const operation of Object.values(ownValue(document.paths, op.route.path) ?? {})) {
      if (info === undefined) {
        operation.security = [];
        continue;
      }
      operation["x-payment-info"] = info;
      operation.security = paymentSecurity;
      const example = paymentRequiredExample(op.route, options);
      operation.responses["402"] = {
        description:
          "Payment required. PAYMENT-REQUIRED carries base64 JSON PaymentRequired (x402 v2); the body repeats it. " +
          "Retry with PAYMENT-SIGNATURE, or answer the WWW-Authenticate: Payment challenge (MPP charge) with Authorization: Payment. " +
          "A replayed or invalid payment also answers 402 with the reason in `error`, as does a payment made out for another " +
          "route (payment_resource_mismatch): a payment is bound to its resource.url. A payment quoted with GET may be sent " +
          "with POST and the reverse. The live answer also carries extensions.bazaar (this operation's input and an example).",
        headers: {
          "PAYMENT-REQUIRED": { schema: { type: "string" }, description: "base64(JSON PaymentRequired)" },
          "WWW-Authenticate": { schema: { type: "string" }, description: 'MPP challenge: Payment ... method="evm", intent="charge"' },
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/PaymentRequired" }, ...(example === undefined ? {} : { example }) } },
      };
    }
  }
  shareRepeatedResponses(document);
  return document as unknown as Record<string, unknown>;
}
