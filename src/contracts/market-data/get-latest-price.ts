import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { tickerParam } from "../params.js";

const params = z.object({ ticker: tickerParam() });

const response = z
  .object({
    ticker: z.string().openapi({ description: "The ticker as requested (normalized)" }),
    date: z.string().openapi({ description: "Date of the most recent daily bar, YYYY-MM-DD (exchange-local trading date)" }),
    close: z.number().openapi({ description: "Most recent close" }),
    change_pct: z.number().openapi({ description: "1-day change as a decimal: close / previous close - 1" }),
    cached: z.boolean().openapi({ description: "True when the source was unreachable and stored bars were served" }),
  })
  .openapi("LatestPrice");

export const getLatestPriceContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_latest_price",
  description:
    "The most recent daily close of a ticker and its change over the previous close. The last bar can still be forming during a session; " +
    "bars are fetched from the market-data source on first request and cached locally.",
  params,
  response,
  example: {
    params: { ticker: "AAPL" },
    response: { ticker: "AAPL", date: "2024-12-06", close: 242.839996, change_pct: -0.000823, cached: false },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
