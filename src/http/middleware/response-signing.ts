import type { MiddlewareHandler } from "hono";
import type { ResponseSigner } from "../../payments/response-signer.js";
import { bodyBytes, bytesResponse, heldSha256 } from "../held-body.js";
import { replaceResponse } from "../replace-response.js";

/**
 * Signs every 200 response, free or paid, over the exact body bytes that leave the server. It is the
 * innermost middleware: it signs the handler's answer before the payment gate settles it, so the gate reads
 * the body from the signed Response's held bytes (held-body.ts) rather than streaming it out again. A paid
 * answer whose settlement fails never leaves: the gate answers 402 with headers of its own, no signature.
 */
export function responseSigning(signer: ResponseSigner): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = await bodyBytes(c.res);
    const { hashHeader, signature, signer: address } = await signer.sign(body, heldSha256(c.res));
    const headers = new Headers(c.res.headers);
    headers.set("X-Response-Hash", hashHeader);
    headers.set("X-Response-Signature", signature);
    headers.set("X-Signer", address);
    headers.delete("content-length");
    replaceResponse(c, bytesResponse(body, { status: 200, headers }));
  };
}
