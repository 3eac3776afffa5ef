import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./analyze.example.json" with { type: "json" };

/** The intents of the /analyze parser (src/services/analyze/question-intents.ts keeps the same list). */
export const ANALYZE_INTENTS = [
  "move_after", "event_window", "forward_odds", "regime", "sizing", "signal", "narrative", "earnings_reaction", "earnings_calendar",
  "economic_calendar", "fundamentals", "options", "movers", "fear_greed", "macro", "sector_momentum", "momentum_scan", "daily_brief",
  "compare", "correlation", "optimize", "latest_price",
] as const;

const params = z.object({
  question: z
    .string()
    .trim()
    .min(3, "is required: a market question such as 'What happened after AAPL fell 10% in 5 days?'")
    .max(500, "must be at most 500 characters")
    .openapi({ description: "A natural-language market question (English)", example: "What did SPY do after drops like March 2020?" }),
});

export type AnalyzeParams = z.infer<typeof params>;

const response = z
  .object({
    question: z.string(),
    answer: z.string().openapi({ description: "One plain sentence built from the answer of the route called (routes_used)" }),
    interpretation: z
      .object({
        intent: z.enum(ANALYZE_INTENTS),
        tickers: z.array(z.string()).openapi({ description: "Canonical tickers in the order the question names them" }),
        window: z
          .object({
            start_date: z.string(),
            end_date: z.string().openapi({ description: "Exclusive, as in /get_patterns" }),
            basis: z.string().openapi({ description: "The words it came from and how they were read, e.g. \"March 2020\" read as the covid crash" }),
          })
          .nullable()
          .openapi({ description: "The price window the question names (an event, dates, the last N days); null when none" }),
        date: z.string().nullable().openapi({ description: "A single day the question names (today, tomorrow, a date)" }),
        horizon_days: z.number().nullable().openapi({ description: "A forward horizon named in the question, calendar days" }),
        move: z.object({ return: z.number(), lookback_bars: z.number().int() }).nullable().openapi({ description: "move_after: the move (decimal) and the bars it took" }),
        account_size: z.number().nullable().openapi({ description: "sizing: the account size in USD the question names" }),
        matched: z.string().openapi({ description: "The words that decided the intent" }),
      })
      .openapi({ description: "What the parser understood" }),
    data: z.record(z.string(), z.unknown()).openapi({ description: "The figures the answer rests on, from the route called; call the route for its whole answer" }),
    routes_used: z.array(z.string()).openapi({ description: "The routes called, in order" }),
    calls: z
      .array(z.object({ route: z.string(), params: z.record(z.string(), z.unknown()) }))
      .openapi({ description: "Each route called with the parameters sent: the same call answers in full" }),
    parser: z.string().openapi({ description: "The parser's rules" }),
  })
  .openapi("AnalyzeAnswer");

export const analyzeContract: OperationContract<typeof params, typeof response> = {
  operationId: "analyze",
  description:
    "Answers a market question from the service's own data with a deterministic parser (keywords and patterns, no language model). " +
    "It reads tickers (symbols, $cashtags, xyz: aliases, common names), a window (named events such as \"March 2020\" or \"the covid crash\", " +
    "two dates, \"since <date>\", \"Month YYYY\", \"the last 30 days\"), a day, a horizon and one intent, calls the route that owns the answer " +
    "and says which, with the parameters sent (routes_used, calls) and what it understood (interpretation). Intents and routes: " +
    "after a move like \"fell 10% in 5 days\" -> /pattern_backtest; after an event or window -> /forward_distribution; odds of going up -> " +
    "/api/backtest; regime -> /regime_detection; sizing -> /position_size; signal -> /trading/signal; news -> /api/narrative; a company's " +
    "earnings -> /earnings_surprise; who reports -> /get_earnings_calendar; CPI, FOMC, economic events -> /get_economic_calendar; valuation, " +
    "margins -> /get_fundamentals; options -> /get_options_chain; gainers, losers -> /get_market_movers; fear and greed -> /get_fear_greed; " +
    "macro periods -> /macro_analog; sectors -> /api/sectors/momentum; momentum ranking -> /api/momentum/scan; what is happening -> /daily_brief; " +
    "two tickers compared -> their returns from /get_price_history's bars; correlated -> /correlation_matrix; weights -> /optimize_portfolio; price -> " +
    "/get_latest_price. data holds the figures the answer rests on, not the route's whole answer. A question it does not understand is 422 naming " +
    "question, saying what it found and what it missed, and is not charged. A reference, not advice.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
