import type { Context } from "hono";
import { AppError, type ErrorCode, type ErrorDetail } from "../domain/app-error.js";

/** The one mapping from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, 400 | 402 | 403 | 404 | 405 | 409 | 413 | 422 | 429 | 500 | 502 | 503> = {
  VALIDATION_FAILED: 422,
  UNKNOWN_TICKER: 404,
  NO_DATA: 404,
  RANGE_UNAVAILABLE: 422,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  CONFLICT: 409,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  PAYMENT_FAILED: 400,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_SCHEMA_CHANGED: 503,
  SETTLEMENT_FAILED: 402,
  INTERNAL: 500,
  SELLER_FAILED: 502,
  BUSY: 503,
};

/** Upstream trouble always tells the caller when to come back, even if the upstream did not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

/**
 * What a 5xx body says: a fixed short reason per code. The full message (which may quote an upstream's
 * answer, a file path or an exception) is for our log, written once by whoever caught the error.
 */
const PUBLIC_SERVER_MESSAGES: Partial<Record<ErrorCode, string>> = {
  UPSTREAM_UNAVAILABLE: "A source this answer depends on is unavailable right now; retry after Retry-After seconds; nothing was charged.",
  UPSTREAM_SCHEMA_CHANGED: "A source this answer depends on changed its format; we have logged it; nothing was charged.",
  INTERNAL: "Internal error; nothing was charged. Quote the request_id if you report it.",
  SELLER_FAILED: "The seller did not deliver what was bought on your behalf; you were not charged.",
  BUSY: "This node is answering as many search-based calls as it can; retry after Retry-After seconds; nothing was charged.",
};

/** The message a caller may see for this error: its own for 4xx, a fixed short reason (and safe hint) for 5xx. */
export function publicMessage(error: AppError): string {
  if (STATUS_BY_CODE[error.code] < 500) return error.message;
  const reason = PUBLIC_SERVER_MESSAGES[error.code] ?? "Server error; nothing was charged.";
  return error.publicHint === undefined ? reason : `${reason} ${error.publicHint}`;
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; request_id: string };
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), request_id: requestId } };
}

export function errorResponse(c: Context, error: AppError): Response {
  const status = STATUS_BY_CODE[error.code];
  // Details are built by our own code for the caller (parameters, per-item codes), so 5xx bodies keep them too.
  const body = errorBody(error.code, publicMessage(error), c.get("requestId") ?? "unknown", error.details);
  const response = c.json(body, status);
  if (status === 503 || status === 429) {
    response.headers.set("Retry-After", String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  }
  return response;
}
