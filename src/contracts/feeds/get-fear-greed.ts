import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({});

const ComponentSchema = z
  .object({
    score: z.number().nullable().openapi({ description: "0 to 100; null when CNN published none" }),
    rating: z.string().nullable(),
    timestamp: z.string().nullable().openapi({ description: "ISO-8601 time of the component's reading" }),
  })
  .openapi("FearGreedComponent");

const component = (description: string) => ComponentSchema.openapi({ description });

const response = z
  .object({
    score: z.number().openapi({ description: "0 = extreme fear, 100 = extreme greed" }),
    rating: z.string().openapi({ description: "extreme fear, fear, neutral, greed or extreme greed (CNN's words, lower case)" }),
    timestamp: z.string().nullable().openapi({ description: "ISO-8601 time of CNN's reading" }),
    previous_week: z.number().nullable().openapi({ description: "Score one week earlier" }),
    previous_month: z.number().nullable().openapi({ description: "Score one month earlier" }),
    previous_year: z.number().nullable().openapi({ description: "Score one year earlier" }),
    components: z
      .object({
        market_momentum_sp500: component("S&P 500 versus its 125-day average"),
        market_momentum_sp125: component("The same momentum measure as CNN publishes it for the 125-day window"),
        stock_price_strength: component("Net new 52-week highs and lows on the NYSE"),
        stock_price_breadth: component("McClellan volume summation index"),
        put_call_options: component("5-day put/call ratio"),
        market_volatility_vix: component("VIX"),
        market_volatility_vix_50: component("VIX versus its 50-day average"),
        junk_bond_demand: component("Junk versus investment-grade bond yield spread"),
        safe_haven_demand: component("Stocks versus bonds 20-day return difference"),
      })
      .openapi({ description: "The nine indicators CNN combines, each {score, rating, timestamp}" }),
    history_30d: z
      .array(z.object({ date: z.string(), score: z.number(), rating: z.string().nullable() }))
      .openapi({ description: "The last 30 points of CNN's published history, oldest first (a trading day may appear twice: close and intraday)" }),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("FearGreed");

const reading = (score: number, rating: string, timestamp: string) => ({ score, rating, timestamp });

export const getFearGreedContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_fear_greed",
  description:
    "CNN's Fear & Greed index: score, rating, the scores a week, month and year earlier, its nine components and the last 30 points of its " +
    "history. Read from CNN's dataviz endpoint and stored: a repeated call within 30 minutes is served from the store, and when CNN is " +
    "unreachable the last stored reading is served with cached=true and its own fetched_at. 503 UPSTREAM_UNAVAILABLE (with Retry-After) " +
    "when CNN fails and nothing is stored. The example is CNN's real answer of 2022-04-25 (history shortened to its last three points).",
  params,
  response,
  example: {
    params: {},
    response: {
      score: 30.8254,
      rating: "fear",
      timestamp: "2022-04-25T16:21:09.254Z",
      previous_week: 45.7327,
      previous_month: 46.8745,
      previous_year: 53.96666666666666,
      components: {
        market_momentum_sp500: reading(1.2, "extreme fear", "2022-04-25T16:20:07.285Z"),
        market_momentum_sp125: reading(1.2, "extreme fear", "2022-04-25T16:20:07.285Z"),
        stock_price_strength: reading(36.4729, "fear", "2022-04-25T16:21:07.464Z"),
        stock_price_breadth: reading(60.1202, "greed", "2022-04-25T16:21:07.412Z"),
        put_call_options: reading(16.4329, "extreme fear", "2022-04-25T16:21:07.424Z"),
        market_volatility_vix: reading(28.2051, "fear", "2022-04-25T16:21:07.298Z"),
        market_volatility_vix_50: reading(28.2051, "fear", "2022-04-25T16:21:07.298Z"),
        junk_bond_demand: reading(19.2385, "extreme fear", "2022-04-25T15:38:07.519Z"),
        safe_haven_demand: reading(55.9118, "greed", "2022-04-25T16:21:07.417Z"),
      },
      history_30d: [
        { date: "2022-04-24", score: 40.1512, rating: "fear" },
        { date: "2022-04-25", score: 30.8254, rating: "fear" },
        { date: "2022-04-25", score: 30.8254, rating: "fear" },
      ],
      fetched_at: "2022-04-25T16:21:09.254Z",
      cached: true,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
