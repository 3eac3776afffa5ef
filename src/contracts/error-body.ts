import { z } from "@hono/zod-openapi";
import { ErrorCodeSchema, type ErrorCode } from "../domain/app-error.js";

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ErrorCodeSchema.options).openapi({ description: "Stable machine-readable code (UPPER_SNAKE)" }),
      message: z.string().openapi({ description: "What went wrong, for people" }),
      details: z
        .array(z.object({ param: z.string().optional(), issue: z.string() }))
        .optional()
        .openapi({ description: "Per-parameter problems (validation failures)" }),
      request_id: z.string().openapi({ description: "Echoed in X-Request-Id; quote it when reporting a problem" }),
    }),
  })
  .openapi("ErrorBody");

/** One worked error body per code, for the documented examples of each error status (the 422 names a real parameter). */
export function errorBodyExample(code: ErrorCode, param: string): z.infer<typeof ErrorBodySchema> {
  const request_id = "req_3f9c2a7e5b1d4c80";
  const example = ERROR_EXAMPLES[code](param);
  return { error: { code, ...example, request_id } };
}

const ERROR_EXAMPLES: Record<ErrorCode, (param: string) => { message: string; details?: { param?: string; issue: string }[] }> = {
  VALIDATION_FAILED: (param) => ({
    message: `Invalid parameters: ${param} must be a whole number; got "lots"`,
    details: [{ param, issue: 'must be a whole number; got "lots"' }],
  }),
  UNKNOWN_TICKER: () => ({ message: "Unknown ticker ZZZZQ: the source has no such symbol" }),
  NO_DATA: () => ({ message: "No AAPL bars between 2024-12-07 and 2024-12-09 (a weekend)" }),
  RANGE_UNAVAILABLE: () => ({ message: "15m bars reach back 60 days at the source; start_date 2023-01-02 is older" }),
  NOT_FOUND: () => ({ message: "No route GET /nope; see /api or /openapi.json" }),
  FORBIDDEN: () => ({ message: "Agent key my-agent is bound to another wallet; nothing was charged" }),
  CONFLICT: () => ({ message: "Round rnd_3f9c2a7e5b is locked (entries closed at 2026-11-23T12:45:00.000Z); nothing was charged" }),
  METHOD_NOT_ALLOWED: () => ({ message: "DELETE is not allowed here; use GET or POST" }),
  PAYLOAD_TOO_LARGE: () => ({ message: "The request body exceeds 65536 bytes; send the parameters in the query string or a smaller body" }),
  RATE_LIMITED: () => ({ message: "Too many calls to free routes from this client; retry after the Retry-After seconds" }),
  PAYMENT_FAILED: () => ({ message: "The payment could not be verified; nothing was charged" }),
  UPSTREAM_UNAVAILABLE: () => ({
    message:
      "Yahoo Finance unavailable after 3 attempt(s): HTTP 502 (query2.finance.yahoo.com/v8/finance/chart/AAPL). " +
      "No internet? Run the service on the offline dataset: MARKET_DATA_DIR=../shared/datasets/daily npm start",
  }),
  UPSTREAM_SCHEMA_CHANGED: () => ({ message: "The market data source answered in a shape we do not recognise; nothing was charged" }),
  SETTLEMENT_FAILED: () => ({ message: "Settlement failed; the answer is withheld and nothing was charged" }),
  INTERNAL: () => ({ message: "Internal error; nothing was charged. Quote the request_id if you report it." }),
  BUSY: () => ({
    message: "This node is answering as many search-based calls as it can; retry after Retry-After seconds; nothing was charged.",
  }),
  SELLER_FAILED: () => ({
    message: "The seller did not deliver what was bought on your behalf; you were not charged. The seller answered 500 after payment.",
    details: [{ param: "url", issue: "the seller answered 500 after payment (outcome seller_failed)" }],
  }),
};
