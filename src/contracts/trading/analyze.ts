import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./analyze.example.json" with { type: "json" };

const params = z.object({
  question: z
    .string()
    .trim()
    .min(3, "is required: a market question such as 'What happened after AAPL fell 10% in 5 days?'")
    .max(500, "must be at most 500 characters")
    .openapi({ description: "A natural-language market question (English)", example: "What happened after AAPL fell 10% in 5 days?" }),
});

export type AnalyzeParams = z.infer<typeof params>;

const response = z
  .object({
    question: z.string(),
    answer: z.string().openapi({ description: "One plain sentence built from the data below" }),
    interpretation: z
      .object({
        intent: z.enum(["move_after", "correlation", "compare", "signal", "narrative", "latest_price"]),
        tickers: z.array(z.string()),
        horizon_days: z.number().nullable().openapi({ description: "A forward or comparison horizon named in the question, calendar days" }),
        move: z.object({ return: z.number(), lookback_bars: z.number().int() }).nullable().openapi({ description: "move_after: the move (decimal) and the bars it took" }),
        matched: z.string().openapi({ description: "The words that decided the intent" }),
      })
      .openapi({ description: "What the parser understood" }),
    data: z.record(z.string(), z.unknown()).openapi({ description: "The figures the answer rests on, as the route named in routes_used computes them" }),
    routes_used: z.array(z.string()).openapi({ description: "The routes whose service answered (call them for the full answer)" }),
    parser: z.string().openapi({ description: "The parser's rules" }),
  })
  .openapi("AnalyzeAnswer");

export const analyzeContract: OperationContract<typeof params, typeof response> = {
  operationId: "analyze",
  description:
    "Answers a market question from the service's own data with a deterministic parser (keywords and patterns, no language model): " +
    "it finds tickers (symbols, xyz: aliases, common names), horizons and one intent, calls the service of the route that owns the answer " +
    "and says which (routes_used). Intents: what happened after a move like the one named (/pattern_backtest: every past bar with that " +
    "move over that many bars, then the next bars; default 5 bars back, 20 forward); latest close (/get_price_history); compare two " +
    "assets' returns (default 30 days); correlation of two assets' daily returns (/correlation_matrix's method, default 365 days); " +
    "a signal (/trading/signal: fired and logged like any signal); news sentiment (/api/narrative). A question in which nothing is " +
    "understood is 422 naming question, with examples, and is not charged. Fundamentals and earnings questions are not parsed (call " +
    "/get_fundamentals or /earnings_surprise). A reference, not advice.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
