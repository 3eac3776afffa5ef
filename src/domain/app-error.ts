import { z } from "zod";

/**
 * The closed set of error codes the service answers with. Every error body on the wire is
 * `{"error":{"code","message","details"?,"request_id"}}`; the HTTP layer maps code -> status in one place.
 */
export const ErrorCodeSchema = z.enum([
  "VALIDATION_FAILED",
  "UNKNOWN_TICKER",
  "NO_DATA",
  "RANGE_UNAVAILABLE",
  "NOT_FOUND",
  "FORBIDDEN",
  "CONFLICT",
  "METHOD_NOT_ALLOWED",
  "PAYLOAD_TOO_LARGE",
  "RATE_LIMITED",
  "PAYMENT_FAILED",
  "UPSTREAM_UNAVAILABLE",
  "UPSTREAM_SCHEMA_CHANGED",
  "SETTLEMENT_FAILED",
  "INTERNAL",
  "SELLER_FAILED",
  "BUSY",
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export interface ErrorDetail {
  param?: string;
  issue: string;
}

export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** For transient upstream trouble and rate limits: how long the caller should wait before retrying. */
  retryAfterSeconds?: number;
  /**
   * A caller-safe sentence (what to do) that a 5xx body carries after its fixed short reason; the message
   * itself, which may quote an upstream or an exception, stays in the log.
   */
  publicHint?: string;
  cause?: unknown;
}

/** The one error type that crosses layer boundaries. Anything else reaching the edge is a bug (500). */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly publicHint: string | undefined;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.publicHint = options.publicHint;
  }
}

export function validationError(param: string, issue: string): AppError {
  return new AppError("VALIDATION_FAILED", `${param}: ${issue}`, { details: [{ param, issue }] });
}
