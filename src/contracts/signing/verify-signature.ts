import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./verify-signature.example.json" with { type: "json" };

const params = z.object({
  body: z
    .string({ error: "is required" })
    .max(1_000_000, "must be at most 1,000,000 characters")
    .openapi({ description: "The exact response body text that was signed (for long bodies send it in a JSON POST body)", example: '{"ticker":"AAPL"}' }),
  sig: z
    .string({ error: "is required" })
    .regex(/^0x[0-9a-fA-F]{130}$/, "must be a 0x-prefixed 65-byte hex signature")
    .openapi({ description: "The X-Response-Signature header value", example: `0x${"ab".repeat(65)}` }),
});

const response = z
  .object({
    valid: z.boolean().openapi({ description: "True when the signature over sha256(body) recovers to this service's signer" }),
    recovered: z.string().nullable().openapi({ description: "The address the signature recovers to; null when it is not a recoverable signature" }),
    signer: z.string().openapi({ description: "This service's signing address (X-Signer)" }),
  })
  .openapi("SignatureCheck");

export const verifySignatureContract: OperationContract<typeof params, typeof response> = {
  operationId: "verify_signature",
  description:
    "Checks a response signature: sha256 of the UTF-8 bytes of `body`, EIP-191 personal_sign recovery of `sig` over the raw 32-byte digest, " +
    "compared with this service's signer. Free. The same check runs locally with any Ethereum library (viem recoverMessageAddress with message {raw}).",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
