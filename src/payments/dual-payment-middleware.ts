import { decodePaymentRequiredHeader, encodePaymentRequiredHeader } from "@x402/core/http";
import type { HTTPRequestContext, HTTPResponseInstructions, x402HTTPResourceServer } from "@x402/core/server";
import { getFacilitatorResponseError, SETTLEMENT_OVERRIDES_HEADER, withPrivateCacheControl } from "@x402/core/server";
import type { PaymentRequired } from "@x402/core/types";
import { HonoAdapter } from "@x402/hono";
import type { Context, MiddlewareHandler, Next } from "hono";
import { AppError } from "../domain/app-error.js";
import { replaceResponse } from "./replace-response.js";
import type { MppCharge } from "./mpp-charge.js";
import { mppAuthorization, x402PaymentHeader } from "./payment-headers.js";
import { PaymentHeaderAdapter } from "./payment-header-adapter.js";

export interface DualPaymentDeps {
  httpServer: x402HTTPResourceServer;
  /** The official x402 Hono binding over the same server, created without its own facilitator sync. */
  x402: MiddlewareHandler;
  charge: MppCharge;
  /** Facilitator sync shared by both protocols (memoized, retried after a failure). */
  initialize: () => Promise<void>;
}

const WWW_AUTHENTICATE = "WWW-Authenticate";
const PAYMENT_REQUIRED = "PAYMENT-REQUIRED";

/**
 * x402 and MPP on the same routes, one facilitator, one ordering. An unpaid call gets the x402 402 with an
 * MPP `evm`/`charge` challenge for the same terms appended. A PAYMENT-SIGNATURE goes to the official x402
 * binding untouched. An `Authorization: Payment` credential is checked by mppx (no chain access), turned
 * into the x402 payment it is equivalent to, and then follows exactly the x402 sequence: facilitator
 * verify, handler, settlement only if the handler answered below 400. So an MPP caller, like an x402 one,
 * is never charged for an error, and a replayed credential fails facilitator verification (used nonce).
 */
export function dualPaymentMiddleware(deps: DualPaymentDeps): MiddlewareHandler {
  return async (c, next) => {
    const context = requestContextOf(c);
    if (!deps.httpServer.requiresPayment(context)) return next();
    const authorization = mppAuthorization(c.req.header("authorization"));
    if (authorization !== undefined && context.paymentHeader !== undefined) {
      throw new AppError("PAYMENT_FAILED", "Send either an MPP credential (Authorization: Payment) or an x402 PAYMENT-SIGNATURE, not both");
    }
    try {
      await deps.initialize();
    } catch (error) {
      return upstreamTrouble(error);
    }
    if (authorization !== undefined) return payWithMpp(c, next, context, authorization, deps);
    const gated = await deps.x402(c, next);
    if (gated instanceof Response && gated.headers.has(PAYMENT_REQUIRED)) await appendMppChallenge(gated.headers, deps.charge);
    return gated;
  };
}

async function payWithMpp(c: Context, next: Next, context: HTTPRequestContext, authorization: string, deps: DualPaymentDeps) {
  const { httpServer, charge } = deps;
  // What x402 asks for this exact request: the MPP credential must match those terms.
  let quote;
  try {
    quote = await httpServer.processHTTPRequest({ ...context, adapter: new PaymentHeaderAdapter(context.adapter, undefined, "mpp"), paymentHeader: undefined });
  } catch (error) {
    return upstreamTrouble(error);
  }
  if (quote.type === "no-payment-required") return next();
  if (quote.type !== "payment-error") throw new Error(`x402 quote without payment answered ${quote.type}`);
  const required = paymentRequiredOf(quote.response);
  if (required === undefined) return responseOf(quote.response);

  const conversion = await charge.toX402Payment(authorization, required);
  if (conversion.kind === "malformed") {
    throw new AppError("PAYMENT_FAILED", `Authorization: Payment must carry a base64url JSON MPP credential (${conversion.reason})`);
  }
  if (conversion.kind === "rejected") {
    return challengeResponse(quote.response, charge, `MPP credential rejected: ${conversion.reason}`);
  }

  const paidContext: HTTPRequestContext = {
    ...context,
    adapter: new PaymentHeaderAdapter(context.adapter, conversion.paymentSignature, "mpp"),
    paymentHeader: conversion.paymentSignature,
  };
  let verified;
  try {
    verified = await httpServer.processHTTPRequest(paidContext);
  } catch (error) {
    return upstreamTrouble(error);
  }
  if (verified.type === "no-payment-required") return next();
  // Facilitator verification failed: used nonce (replay), insufficient balance, expired authorization...
  if (verified.type === "payment-error") return challengeResponse(verified.response, charge);

  try {
    await next();
  } catch (error) {
    await verified.cancellationDispatcher.cancel({ reason: "handler_threw", error });
    throw error;
  }
  const res = c.res;
  if (res.status >= 400) {
    // Nothing is charged for an error: the authorization is never submitted.
    await verified.cancellationDispatcher.cancel({ reason: "handler_failed", responseStatus: res.status });
    return;
  }
  const body = Buffer.from(await res.arrayBuffer());
  const responseHeaders: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    responseHeaders[key] = value;
  });
  let settled;
  try {
    settled = await httpServer.processSettlement(
      verified.paymentPayload,
      verified.paymentRequirements,
      verified.declaredExtensions,
      { request: paidContext, responseBody: body, responseHeaders },
      undefined,
      verified.beforeHandlerSettlement,
    );
  } catch (error) {
    replaceResponse(c, upstreamTrouble(error));
    return;
  }
  if (!settled.success) {
    // A 402 carrying the failed PAYMENT-RESPONSE: the edge withholds the body and says why, as for x402.
    replaceResponse(c, responseOf(settled.response));
    return;
  }
  const headers = new Headers(res.headers);
  headers.delete("transfer-encoding");
  headers.delete(SETTLEMENT_OVERRIDES_HEADER);
  headers.set("Payment-Receipt", charge.receiptFor(settled.transaction, new Date()));
  headers.set("Cache-Control", withPrivateCacheControl(headers.get("Cache-Control")));
  replaceResponse(c, new Response(body, { status: res.status, headers }));
}

/** The request as x402 core sees it (same fields the official Hono binding builds). */
function requestContextOf(c: Context): HTTPRequestContext {
  const adapter = new HonoAdapter(c);
  let decodedPath = c.req.path;
  try {
    decodedPath = decodeURIComponent(c.req.path);
  } catch {
    // Keep the raw path; route matching then simply fails to match.
  }
  const paymentHeader = x402PaymentHeader((name) => adapter.getHeader(name));
  return { adapter, path: c.req.path, decodedPath, method: c.req.method, ...(paymentHeader ? { paymentHeader } : {}) };
}

function paymentRequiredOf(instructions: HTTPResponseInstructions): PaymentRequired | undefined {
  const encoded = Object.entries(instructions.headers).find(([name]) => name.toLowerCase() === PAYMENT_REQUIRED.toLowerCase())?.[1];
  if (encoded === undefined) return undefined;
  try {
    return decodePaymentRequiredHeader(encoded);
  } catch {
    return undefined;
  }
}

/** A fresh 402 with both challenges, optionally restating the reason the last payment failed in `error`. */
async function challengeResponse(instructions: HTTPResponseInstructions, charge: MppCharge, reason?: string): Promise<Response> {
  const response = responseOf(instructions);
  const required = paymentRequiredOf(instructions);
  if (reason !== undefined && required !== undefined) {
    response.headers.set(PAYMENT_REQUIRED, encodePaymentRequiredHeader({ ...required, error: reason }));
  }
  await appendMppChallenge(response.headers, charge);
  return response;
}

async function appendMppChallenge(headers: Headers, charge: MppCharge): Promise<void> {
  const encoded = headers.get(PAYMENT_REQUIRED);
  if (encoded === null) return;
  let required: PaymentRequired;
  try {
    required = decodePaymentRequiredHeader(encoded);
  } catch {
    return;
  }
  const challenge = await charge.challengeFor(required);
  if (challenge !== undefined) headers.append(WWW_AUTHENTICATE, challenge);
}

function responseOf(instructions: HTTPResponseInstructions): Response {
  const headers = new Headers(instructions.headers);
  let body: string | null = null;
  if (instructions.body !== undefined) {
    if (instructions.isHtml === true || typeof instructions.body === "string") {
      body = String(instructions.body);
    } else {
      body = JSON.stringify(instructions.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
  }
  return new Response(body, { status: instructions.status, headers });
}

/**
 * Facilitator (or x402 core) trouble answers exactly as the x402 binding does: 502 with the facilitator's
 * message, else 500 "Internal Server Error", both with a string `error` that the payment edge turns into a
 * 503 with Retry-After.
 */
function upstreamTrouble(error: unknown): Response {
  const facilitatorError = getFacilitatorResponseError(error);
  // Plain Responses: after the handler ran, `c.json` would copy the handler's headers into them.
  // The message is a code when it comes from our claiming facilitator; the edge never repeats anything else.
  if (facilitatorError !== null) return Response.json({ error: facilitatorError.message }, { status: 502 });
  return Response.json({ error: "Internal Server Error" }, { status: 500 });
}
