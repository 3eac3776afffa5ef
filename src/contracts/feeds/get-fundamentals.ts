import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { tickerParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({ ticker: tickerParam("US stock or fund symbol (AAPL, BRK.B, QQQ); crypto, FX, futures and indices have no fundamentals (422)") });

const num = (description: string) => z.number().nullable().openapi({ description: `${description}; null when the source has none for this symbol` });

const response = z
  .object({
    ticker: z.string(),
    name: z.string().nullable(),
    currency: z.string().nullable(),
    quote_type: z.string().nullable().openapi({ description: "EQUITY, ETF, MUTUALFUND as the source classifies it" }),
    valuation: z.object({
      trailing_pe: num("Price over trailing 12-month EPS"),
      forward_pe: num("Price over forward EPS estimate"),
      peg_ratio: num("P/E over expected earnings growth"),
      price_to_book: num("Price over book value per share"),
      ev_to_ebitda: num("Enterprise value over EBITDA"),
      market_cap: num("Market capitalisation, in `currency`"),
      enterprise_value: num("Enterprise value, in `currency`"),
    }),
    margins: z
      .object({ gross: num("Gross margin, decimal"), operating: num("Operating margin, decimal"), profit: num("Net profit margin, decimal"), ebitda: num("EBITDA margin, decimal") })
      .openapi({ description: "Trailing 12 months, decimals (0.465 = 46.5 %)" }),
    growth: z
      .object({
        revenue: num("Revenue growth, year over year, decimal"),
        earnings: num("Earnings growth, year over year, decimal"),
        earnings_quarterly: num("Quarterly earnings growth, year over year, decimal"),
      }),
    balance_sheet: z.object({
      total_cash: num("Cash and short-term investments"),
      total_debt: num("Total debt"),
      debt_to_equity: num("Debt over equity as a ratio (1.45 = 145 %; the source publishes percent)"),
      current_ratio: num("Current assets over current liabilities"),
      quick_ratio: num("Quick assets over current liabilities"),
    }),
    analyst: z.object({
      current_price: num("Price the targets are compared with"),
      target_high: num("Highest analyst price target"),
      target_low: num("Lowest analyst price target"),
      target_mean: num("Mean analyst price target"),
      target_median: num("Median analyst price target"),
      recommendation: z.string().nullable().openapi({ description: "strong_buy, buy, hold, underperform or sell" }),
      recommendation_mean: num("Mean recommendation, 1 = strong buy to 5 = sell"),
      num_analysts: num("Analysts behind the targets"),
    }),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("Fundamentals");

export const getFundamentalsContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_fundamentals",
  description:
    "Valuation (trailing/forward P/E, PEG, P/B, EV/EBITDA), margins, growth, balance sheet and analyst targets with the consensus " +
    "recommendation, from Yahoo Finance quoteSummary. A field the source lacks for the symbol is null (ETFs have no margins). A crypto, " +
    "FX, futures or index symbol answers 422 saying why; a symbol the source does not know answers 404. Stored 24 hours per symbol; " +
    "when the source is unreachable the last stored answer is served with cached=true. The example is Yahoo's real answer for AAPL of 2025-02-24.",
  params,
  response,
  example: {
    params: { ticker: "AAPL" },
    response: {
      ticker: "AAPL",
      name: "Apple Inc.",
      currency: "USD",
      quote_type: "EQUITY",
      valuation: {
        trailing_pe: 38.91442,
        forward_pe: 29.548735,
        peg_ratio: null,
        price_to_book: 55.328976,
        ev_to_ebitda: 27.169,
        market_cap: 3688676720640,
        enterprise_value: 3731694026752,
      },
      margins: { gross: 0.46519002, operating: 0.34459, profit: 0.24295, ebitda: 0.34706002 },
      growth: { revenue: 0.04, earnings: 0.101, earnings_quarterly: 0.071 },
      balance_sheet: { total_cash: 53774999552, total_debt: 96798998528, debt_to_equity: 1.45, current_ratio: 0.923, quick_ratio: 0.783 },
      analyst: {
        current_price: 245.55,
        target_high: 325,
        target_low: 197,
        target_mean: 252.22575,
        target_median: 257.5,
        recommendation: "buy",
        recommendation_mean: 2.06522,
        num_analysts: 40,
      },
      fetched_at: "2025-02-24T09:35:26.000Z",
      cached: true,
    },
  },
  errors: ["UNKNOWN_TICKER", "UPSTREAM_UNAVAILABLE"],
};
