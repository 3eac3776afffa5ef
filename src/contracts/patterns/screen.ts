import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, isoDateParam, symbolListParam } from "../params.js";
import { METRICS, TIMEFRAMES } from "./pattern-params.js";
import exampleJson from "./screen.example.json" with { type: "json" };

const params = z
  .object({
    tickers: symbolListParam({ min: 1, max: 50, description: "Comma-separated symbols, at most 50", example: "AAPL,MSFT,NVDA" }),
    start_date: isoDateParam("Window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
    end_date: isoDateParam("Window end, exclusive (YYYY-MM-DD)", "2024-11-01"),
    timeframe: enumParam(TIMEFRAMES, { default: "1d", description: "Bar size" }),
    metric: enumParam(METRICS, { default: "l2", description: "Distance between z-normalised closes" }),
    sort_by: enumParam(["similarity", "return"] as const, {
      default: "similarity",
      description: "similarity: best analog first (lowest similarity); return: highest query_return first. Failed tickers come last",
    }),
  })
  .refine((p) => p.start_date < p.end_date, { message: "must be before end_date (end_date is exclusive)", path: ["start_date"] });
export type ScreenParams = z.infer<typeof params>;

const ScreenResultSchema = z
  .object({
    ticker: z.string(),
    similarity: z.number().nullable().openapi({ description: "Of the best analog in the ticker's own history; lower = closer; null when the ticker failed" }),
    query_return: z.number().nullable().openapi({ description: "Return of the ticker's window, decimal" }),
    top_match_start: z.string().nullable().openapi({ description: "Start date of the best analog" }),
    status: z
      .enum(["ok", "no_match", "unknown_ticker", "no_data", "invalid_window", "range_unavailable", "upstream_unavailable"])
      .openapi({ description: "Per-ticker outcome; anything but ok carries an error" }),
    error: z.string().optional().openapi({ description: "Present when the ticker failed" }),
  })
  .openapi("ScreenResult");

const response = z
  .object({
    start_date: z.string(),
    end_date: z.string(),
    timeframe: z.enum(TIMEFRAMES),
    screened: z.number().int().openapi({ description: "Tickers screened (after removing duplicates)" }),
    results: z.array(ScreenResultSchema),
    metric: z.enum(METRICS),
    sort_by: z.enum(["similarity", "return"]),
  })
  .openapi("ScreenResponse");

export const screenContract: OperationContract<typeof params, typeof response> = {
  operationId: "screen",
  description:
    "For each ticker, searches its own history for the best analog of its window [start_date, end_date) (exact search, no wrapped windows) " +
    "and reports the analog's similarity and start date with the window's return. A ticker that fails (unknown, no data, window too " +
    "short or spanning a gap, upstream trouble) keeps its row with a status and error inside the 200 response;" +
    "When every ticker fails, the answer is the error they share (404 UNKNOWN_TICKER / NO_DATA, 503 UPSTREAM_UNAVAILABLE with Retry-After) and nothing is charged. Searches run on worker " +
    "threads, so the service keeps answering while a screen runs.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
