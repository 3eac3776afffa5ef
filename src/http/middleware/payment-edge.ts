import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { AppError } from "../../domain/app-error.js";
import type { AppEnv } from "../app-env.js";
import { LEDGER_UNAVAILABLE } from "../../payments/claiming-facilitator.js";
import { loggableReason } from "../../payments/loggable-failure.js";
import { publicPaymentReason } from "../../payments/public-payment-reason.js";
import { errorBody, errorResponse } from "../error-responses.js";
import { attachDeferredSignature } from "./response-signing.js";

/**
 * Wraps the payment gate (x402, plus MPP when enabled) so its answers follow our error model: a payment
 * header that is not base64 JSON is a 400 (never a 5xx; a malformed `Authorization: Payment` credential is
 * an AppError from the gate, answered by the app's error handler as the same 400), a 402 carries the
 * PaymentRequired JSON as its body as well as its header (for people and older scanners; MPP's
 * `WWW-Authenticate` challenge rides along), a failed settlement says why whichever protocol paid, and
 * facilitator trouble is a 503 with Retry-After.
 */
export function paymentEdge(gate: MiddlewareHandler, logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("payment-signature");
    if (header !== undefined && !isBase64Json(header)) {
      return errorResponse(c, new AppError("PAYMENT_FAILED", "PAYMENT-SIGNATURE must be base64-encoded JSON (an x402 v2 PaymentPayload)"));
    }
    const gated = await gate(c, next);
    if (gated instanceof Response) c.res = gated;
    await attachDeferredSignature(c);
    const res = c.res;
    if (res.status === 402) {
      c.res = await explain402(res, c.get("requestId"));
    } else if (res.status === 502 || res.status === 500) {
      // Our own errors carry an object under `error`; the x402 binding's carry a bare string (a code from
      // our claiming facilitator, or the facilitator's own text, which is logged there and never repeated).
      const upstream = await res.clone().json().catch(() => ({}));
      const reason = (upstream as { error?: unknown }).error;
      if (typeof reason === "string") {
        // The binding's text may be a raw exception: the log gets its first line without hex or tokens, the
        // caller a code and a short reason.
        logger.warn({ requestId: c.get("requestId"), clientRequestId: c.get("scope")?.clientRequestId, detail: loggableReason(reason) }, "payment facilitator unavailable");
        c.res = undefined;
        c.res = errorResponse(
          c,
          reason === LEDGER_UNAVAILABLE
            ? new AppError("UPSTREAM_UNAVAILABLE", "Payments cannot be recorded right now", { retryAfterSeconds: 2, publicHint: "Payments cannot be recorded right now; retry shortly." })
            : new AppError("UPSTREAM_UNAVAILABLE", "The payment facilitator could not be reached", { publicHint: "The payment facilitator could not be reached." }),
        );
      }
    }
  };
}

async function explain402(res: Response, requestId: string): Promise<Response> {
  const headers = new Headers(res.headers);
  headers.set("content-type", "application/json");
  headers.set("cache-control", "no-store");
  headers.delete("content-length");
  const required = res.headers.get("payment-required");
  const settlement = res.headers.get("payment-response");
  let body: unknown;
  if (settlement !== null && required === null) {
    const result = decodeBase64Json(settlement) as { errorReason?: string } | undefined;
    // A code only: a facilitator's errorMessage can be a 2.5 KB viem dump with its wallet, gas and calldata.
    const reason = publicPaymentReason(result?.errorReason, "settlement_failed");
    const message =
      reason === "settlement_unconfirmed"
        ? "Payment settlement could not be confirmed; the response was withheld. If it did settle, it is on record and will be reconciled: quote the request_id"
        : `Payment could not be settled (${reason}); the response was withheld and nothing was charged`;
    body = errorBody("SETTLEMENT_FAILED", message, requestId);
  } else if (required !== null) {
    const decoded = decodeBase64Json(required) as { error?: unknown } | undefined;
    body = decoded ?? {};
    if (decoded !== undefined && decoded.error !== undefined && publicPaymentReason(decoded.error, "invalid_payment") !== decoded.error) {
      // x402 core puts a thrown exception's text into `error` ("Cannot convert 1e3 to a BigInt"): codes only.
      body = { ...decoded, error: publicPaymentReason(decoded.error, "invalid_payment") };
      headers.set("payment-required", Buffer.from(JSON.stringify(body)).toString("base64"));
    }
  } else {
    return res;
  }
  return new Response(JSON.stringify(body), { status: 402, headers });
}

function decodeBase64Json(value: string): unknown {
  try {
    return JSON.parse(Buffer.from(value, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}

function isBase64Json(value: string): boolean {
  if (!/^[A-Za-z0-9+/=_-]+$/.test(value.trim())) return false;
  const decoded = decodeBase64Json(value.trim());
  return decoded !== null && typeof decoded === "object";
}
