import { z } from "@hono/zod-openapi";
import { TimeframeSchema } from "../../domain/bar.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, isoDateParam, tickerParam } from "../params.js";
import exampleJson from "./get-price-history.example.json" with { type: "json" };

const params = z
  .object({
    ticker: tickerParam(),
    start_date: isoDateParam("First date, inclusive (YYYY-MM-DD)", "2020-01-02"),
    end_date: isoDateParam("Last date, inclusive (YYYY-MM-DD)", "2020-01-31"),
    timeframe: enumParam(["1d", "1h", "30m", "15m"] as const, {
      default: "1d",
      description: "Bar size. Intraday history reaches back 60 days (15m, 30m) or 730 days (1h) unless already stored",
    }),
  })
  .refine((p) => p.start_date <= p.end_date, { message: "must not be after end_date", path: ["start_date"] });

const BarSchema = z
  .object({
    date: z.string().openapi({ description: "YYYY-MM-DD for daily bars; ISO-8601 UTC bar start for intraday bars" }),
    open: z.number(),
    high: z.number(),
    low: z.number(),
    close: z.number(),
  })
  .openapi("Bar");

const response = z
  .object({
    ticker: z.string(),
    timeframe: z.enum(TimeframeSchema.options),
    bars: z.array(BarSchema).openapi({ description: "Ascending by time" }),
    cached: z.boolean().openapi({ description: "True when the source was unreachable and stored bars were served" }),
    source: z.string().openapi({ description: "Where the bars come from: yahoo (live), offline (a MARKET_DATA_DIR folder of CSV files)" }),
  })
  .openapi("PriceHistory");

export const getPriceHistoryContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_price_history",
  description:
    "OHLC bars of a ticker between two dates, both inclusive. Daily dates are exchange-local trading dates; intraday bars are UTC. " +
    "An empty range (weekend, before listing) answers 404 NO_DATA and is not charged.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
