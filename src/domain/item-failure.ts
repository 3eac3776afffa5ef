import { AppError, type ErrorCode } from "./app-error.js";

/** Why one item of a multi-item answer (a screen row, a scan entry, a peer) could not be computed. */
export type ItemFailureStatus = "unknown_ticker" | "no_data" | "range_unavailable" | "upstream_unavailable";

/** The one mapping from an error code to the status an item carries on the wire. */
export const ITEM_STATUS_BY_CODE: Partial<Record<ErrorCode, ItemFailureStatus>> = {
  UNKNOWN_TICKER: "unknown_ticker",
  NO_DATA: "no_data",
  RANGE_UNAVAILABLE: "range_unavailable",
  UPSTREAM_UNAVAILABLE: "upstream_unavailable",
  UPSTREAM_SCHEMA_CHANGED: "upstream_unavailable",
};

export interface ItemFailure<S extends string = ItemFailureStatus> {
  ticker: string;
  status: S;
  code: ErrorCode;
  error: string;
  retryAfterSeconds?: number;
}

/**
 * The failure a per-item loop records instead of failing the whole answer. Only errors the caller can act
 * on (unknown, no data, upstream trouble, plus the `extra` codes a family adds) become items; anything
 * else is rethrown, so a bug still surfaces as one.
 */
export function itemFailure<S extends string = ItemFailureStatus>(
  ticker: string,
  error: unknown,
  extra: Partial<Record<ErrorCode, S>> = {},
): ItemFailure<ItemFailureStatus | S> {
  if (!(error instanceof AppError)) throw error;
  const status = extra[error.code] ?? ITEM_STATUS_BY_CODE[error.code];
  if (status === undefined) throw error;
  const { code, message, retryAfterSeconds } = error;
  return { ticker, status, code, error: message, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}
