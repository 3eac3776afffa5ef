import type { Context } from "hono";
import { AppError, type ErrorCode, type ErrorDetail } from "../domain/app-error.js";

/** The one mapping from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, 400 | 402 | 404 | 405 | 422 | 500 | 502 | 503> = {
  VALIDATION_FAILED: 422,
  UNKNOWN_TICKER: 404,
  NO_DATA: 404,
  RANGE_UNAVAILABLE: 422,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYMENT_FAILED: 400,
  UPSTREAM_UNAVAILABLE: 503,
  UPSTREAM_SCHEMA_CHANGED: 503,
  SETTLEMENT_FAILED: 402,
  INTERNAL: 500,
};

/** Upstream trouble always tells the caller when to come back, even if the upstream did not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 30;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; request_id: string };
}

export function errorBody(code: ErrorCode, message: string, requestId: string, details?: ErrorDetail[]): ErrorBody {
  return { error: { code, message, ...(details === undefined ? {} : { details }), request_id: requestId } };
}

export function errorResponse(c: Context, error: AppError): Response {
  const status = STATUS_BY_CODE[error.code];
  const body = errorBody(error.code, error.message, c.get("requestId") ?? "unknown", error.details);
  const response = c.json(body, status);
  if (status === 503) {
    response.headers.set("Retry-After", String(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  }
  return response;
}
