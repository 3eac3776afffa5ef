import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, intParam } from "../params.js";
import exampleJson from "./get-market-movers.example.json" with { type: "json" };

const params = z.object({
  category: enumParam(["all", "gainers", "losers", "most_active"] as const, {
    default: "all",
    description: "Which list(s) to return; `all` returns the three lists",
  }),
  count: intParam({ min: 1, max: 50, default: 10, description: "Names per list (1 to 50)" }),
});

const MoverSchema = z
  .object({
    symbol: z.string(),
    name: z.string().nullable(),
    price: z.number().openapi({ description: "Last price" }),
    change_pct: z.number().openapi({ description: "1-day change as a decimal" }),
    volume: z.number().nullable(),
    market_cap: z.number().nullable(),
  })
  .openapi("Mover");

const response = z
  .object({
    category: z.enum(["all", "gainers", "losers", "most_active"]),
    count: z.number().int().openapi({ description: "Names requested per list" }),
    gainers: z.array(MoverSchema).optional().openapi({ description: "Present for category all or gainers" }),
    losers: z.array(MoverSchema).optional().openapi({ description: "Present for category all or losers" }),
    most_active: z.array(MoverSchema).optional().openapi({ description: "Present for category all or most_active" }),
    source: z.string().openapi({ description: "Where the lists come from: yahoo (live screeners) or offline (a MARKET_DATA_DIR folder)" }),
    universe: z.string().openapi({ description: "Which names are ranked" }),
    as_of: z.string().nullable().openapi({
      description: "Offline: the one trading day (YYYY-MM-DD) every row describes. Live: the latest quote time (ISO-8601) among the rows. Null when the source gives none",
    }),
    fetched_at: z.string().openapi({ description: "ISO-8601 time the lists were read (not the market time: see as_of)" }),
  })
  .openapi("MarketMovers");

export const getMarketMoversContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_market_movers",
  description:
    "Top US gainers, losers and most active stocks as ranked by the source's predefined screeners (gainers and losers are filtered by the " +
    "source, e.g. price at least $5). A list may hold fewer names than asked outside US market hours. Offline (MARKET_DATA_DIR) only the " +
    "folder's US stocks are ranked, and only those whose last bar is the latest such day (as_of), so every row describes one session.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UPSTREAM_UNAVAILABLE"],
};
