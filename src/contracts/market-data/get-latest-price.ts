import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { tickerParam } from "../params.js";
import exampleJson from "./get-latest-price.example.json" with { type: "json" };

const params = z.object({ ticker: tickerParam() });

const response = z
  .object({
    ticker: z.string().openapi({ description: "The ticker as requested (normalized)" }),
    date: z.string().openapi({ description: "Date of the most recent daily bar, YYYY-MM-DD (exchange-local trading date)" }),
    close: z.number().openapi({ description: "Most recent close" }),
    change_pct: z.number().openapi({ description: "1-day change as a decimal: close / previous close - 1" }),
    cached: z.boolean().openapi({ description: "True when the source was unreachable and stored bars were served" }),
    source: z.string().openapi({ description: "Where the bar comes from: yahoo (live), offline (a MARKET_DATA_DIR folder of CSV files)" }),
    as_of: z.string().openapi({ description: "Trading date the close belongs to (YYYY-MM-DD), the same as date" }),
    age_days: z.number().int().openapi({ description: "Whole calendar days from as_of to the time of the call" }),
    stale: z.boolean().openapi({ description: "True when the bar is more than 4 calendar days old: it is not today's price" }),
    note: z.string().optional().openapi({ description: "Present when the answer is offline, stale or served from the store: says which and how old" }),
  })
  .openapi("LatestPrice");

export const getLatestPriceContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_latest_price",
  description:
    "The most recent daily close of a ticker and its change over the previous close. The last bar can still be forming during a session; " +
    "bars are fetched from the market-data source on first request and cached locally. source, as_of, age_days and stale say where the " +
    "bar comes from and how old it is; offline (MARKET_DATA_DIR) the answer is the file's last bar and a note says so.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
