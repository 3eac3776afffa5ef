import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { enumParam, intParam } from "../params.js";

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
    source: z.string().openapi({ description: "Where the lists come from" }),
    fetched_at: z.string().openapi({ description: "ISO-8601 time the lists were read" }),
  })
  .openapi("MarketMovers");

export const getMarketMoversContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_market_movers",
  description:
    "Top US gainers, losers and most active stocks as ranked by the source's predefined screeners (gainers and losers are filtered by the " +
    "source, e.g. price at least $5). A list may hold fewer names than asked outside US market hours.",
  params,
  response,
  example: {
    params: { category: "gainers", count: 1 },
    response: {
      category: "gainers",
      count: 1,
      gainers: [{ symbol: "NVDA", name: "NVIDIA Corporation", price: 142.44, change_pct: 0.0321, volume: 212000000, market_cap: 3.49e12 }],
      source: "yahoo:day_gainers",
      fetched_at: "2024-12-06T21:00:00.000Z",
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
