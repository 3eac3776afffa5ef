import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { isoDateParam, tickerParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({
  ticker: tickerParam("US stock or fund symbol with listed options (AAPL, SPY)"),
  expiration: isoDateParam("Expiration date, YYYY-MM-DD, one of `expirations` (default: the nearest)", "2025-02-28").optional(),
});

const ContractSchema = z
  .object({
    contract_symbol: z.string(),
    strike: z.number(),
    last: z.number().nullable().openapi({ description: "Last traded premium" }),
    bid: z.number().nullable(),
    ask: z.number().nullable(),
    volume: z.number().nullable().openapi({ description: "Contracts traded today; null when the source reports none" }),
    open_interest: z.number().nullable().openapi({ description: "Open contracts; null when the source reports none" }),
    implied_volatility: z.number().nullable().openapi({ description: "Decimal (0.35 = 35 %)" }),
    in_the_money: z.boolean().nullable(),
  })
  .openapi("OptionContract");

const response = z
  .object({
    ticker: z.string(),
    underlying_price: z.number().nullable(),
    expiration: z.string().openapi({ description: "Expiration of the calls and puts, YYYY-MM-DD" }),
    expirations: z.array(z.string()).openapi({ description: "Every listed expiration, nearest first" }),
    calls: z.array(ContractSchema).openapi({ description: "By strike, ascending" }),
    puts: z.array(ContractSchema).openapi({ description: "By strike, ascending" }),
    put_call_ratio: z
      .object({
        open_interest: z.number().nullable().openapi({ description: "Σ put open interest / Σ call open interest; null when calls sum to 0" }),
        volume: z.number().nullable().openapi({ description: "Σ put volume / Σ call volume; null when calls sum to 0" }),
      })
      .openapi({ description: "Over this expiration's contracts that report the figure" }),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("OptionsChain");

const c = (contract_symbol: string, strike: number, last: number, volume: number, implied_volatility: number, in_the_money: boolean) => ({
  contract_symbol,
  strike,
  last,
  bid: 0,
  ask: 0,
  volume,
  open_interest: 0,
  implied_volatility,
  in_the_money,
});

export const getOptionsChainContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_options_chain",
  description:
    "Calls and puts of one expiration (default the nearest) with strike, last, bid, ask, volume, open interest, implied volatility " +
    "(decimal) and moneyness, the list of expirations, and put/call ratios by open interest and by volume. An expiration that is not " +
    "listed answers 422 naming the listed ones; a symbol with no listed options answers 404 NO_DATA. Stored 10 minutes per expiration; " +
    "when the source is unreachable the last stored chain is served with cached=true. The example is Yahoo's real AAPL chain of " +
    "2025-02-24 (a weekend recording: bids, asks and open interest read 0), shortened to the 245 strike and the first expirations.",
  params,
  response,
  example: {
    params: { ticker: "AAPL" },
    response: {
      ticker: "AAPL",
      underlying_price: 245.55,
      expiration: "2025-02-28",
      expirations: ["2025-02-28", "2025-03-07", "2025-03-14", "2025-03-21"],
      calls: [c("AAPL250228C00245000", 245, 3.45, 16227, 0.000010000000000000003, true)],
      puts: [c("AAPL250228P00245000", 245, 2.63, 32187, 0.007822421875, false)],
      put_call_ratio: { open_interest: null, volume: 0.8741149521032903 },
      fetched_at: "2025-02-24T09:24:42.000Z",
      cached: true,
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
