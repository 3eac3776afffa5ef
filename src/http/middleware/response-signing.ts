import type { MiddlewareHandler } from "hono";
import type { ResponseSigner } from "../../payments/response-signer.js";

/**
 * Signs every 200 response, free or paid, over the exact body bytes that leave the server. It runs
 * outside the payment gate, so a paid body is signed only after its settlement succeeded.
 */
export function responseSigning(signer: ResponseSigner): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    const { hashHeader, signature, signer: address } = await signer.sign(body);
    const headers = new Headers(c.res.headers);
    headers.set("X-Response-Hash", hashHeader);
    headers.set("X-Response-Signature", signature);
    headers.set("X-Signer", address);
    headers.delete("content-length");
    // Hono merges headers on assignment; clear first so the re-wrapped response is taken as is.
    c.res = undefined;
    c.res = new Response(body, { status: 200, headers });
  };
}
