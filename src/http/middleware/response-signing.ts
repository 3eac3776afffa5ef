import type { Context, MiddlewareHandler } from "hono";
import type { ResponseSignature, ResponseSigner } from "../../payments/response-signer.js";
import type { AppEnv } from "../app-env.js";
import { bodyBytes, bytesResponse, heldSha256 } from "../held-body.js";
import { replaceResponse } from "../../payments/replace-response.js";

/**
 * Signs every 200 response, free or paid, over the exact body bytes that leave the server. It is the
 * innermost middleware: it takes the handler's answer before the payment gate settles it, so the gate reads
 * the body from the held bytes (held-body.ts) rather than streaming it out again. A paid answer whose
 * settlement fails never leaves: the gate answers 402 with headers of its own, no signature.
 *
 * A free answer is signed here. A verified payment's answer is settled next, and the main thread then only
 * waits for the payment thread: its signature is computed in that wait (the next turn of the event loop,
 * after the settlement has been sent) and put on the answer by `attachDeferredSignature`, which the payment
 * edge awaits once the gate is done, before anything leaves. About 0.1-0.15 ms less per paid call at c=1.
 */
export function responseSigning(signer: ResponseSigner): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    const body = await bodyBytes(c.res);
    const sha256 = heldSha256(c.res);
    const headers = new Headers(c.res.headers);
    headers.delete("content-length");
    if (settlementFollows(c)) c.set("deferredSignature", signInNextTurn(signer, body, sha256));
    else setSignatureHeaders(headers, await signer.sign(body, sha256));
    replaceResponse(c, bytesResponse(body, { status: 200, headers }));
  };
}

/**
 * Puts the deferred signature (see responseSigning) on the answer, if the answer is still the 200 it was
 * computed for; a settlement that failed answered 402, which is never signed.
 */
export async function attachDeferredSignature(c: Context<AppEnv>): Promise<void> {
  const pending = c.get("deferredSignature");
  if (pending === undefined || c.res.status !== 200) return;
  setSignatureHeaders(c.res.headers, await pending);
}

/** A payment was verified for this request and not yet settled: the gate settles after this answer. */
function settlementFollows(c: Context<AppEnv>): boolean {
  const scope = c.get("scope");
  return scope?.payer !== undefined && scope.settled !== true;
}

function signInNextTurn(signer: ResponseSigner, body: Uint8Array, sha256: Uint8Array | undefined): Promise<ResponseSignature> {
  const signing = new Promise<ResponseSignature>((resolve, reject) => setImmediate(() => signer.sign(body, sha256).then(resolve, reject)));
  signing.catch(() => undefined); // awaited by attachDeferredSignature; a 402 after a failed settlement never asks
  return signing;
}

function setSignatureHeaders(headers: Headers, { hashHeader, signature, signer }: ResponseSignature): void {
  headers.set("X-Response-Hash", hashHeader);
  headers.set("X-Response-Signature", signature);
  headers.set("X-Signer", signer);
}
