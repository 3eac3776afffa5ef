import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import type { YahooFinanceClient } from "../../prices/yahoo/yahoo-finance-client.js";
import { parseMapped } from "../feed-http.js";
import type { Fundamentals, FundamentalsProvider } from "../port.js";
import { yahooFeedCall } from "./yahoo-feed-call.js";
import { yahooNumber } from "./yahoo-values.js";
import { ownValue } from "../../../domain/own-value.js";

const UPSTREAM = "Yahoo Finance quoteSummary";
export const FUNDAMENTALS_MODULES = ["price", "summaryDetail", "defaultKeyStatistics", "financialData"] as const;
/** Yahoo quote types that have no company fundamentals. */
const NOT_A_COMPANY: Record<string, string> = {
  CRYPTOCURRENCY: "a cryptocurrency",
  CURRENCY: "a currency pair",
  FUTURE: "a futures contract",
  INDEX: "an index",
  OPTION: "an option contract",
};

const n = yahooNumber;
const SummarySchema = z.object({
  price: z.object({ symbol: z.string(), quoteType: z.string().optional(), shortName: z.string().nullable().optional(), longName: z.string().nullable().optional(), currency: z.string().nullable().optional() }),
  summaryDetail: z.object({ trailingPE: n, forwardPE: n, marketCap: n }).partial().optional(),
  defaultKeyStatistics: z
    .object({ pegRatio: n, priceToBook: n, enterpriseToEbitda: n, enterpriseValue: n, earningsQuarterlyGrowth: n, forwardPE: n })
    .partial()
    .optional(),
  financialData: z
    .object({
    currentPrice: n,
    targetHighPrice: n,
    targetLowPrice: n,
    targetMeanPrice: n,
    targetMedianPrice: n,
    recommendationKey: z.string().nullable(),
    recommendationMean: n,
    numberOfAnalystOpinions: n,
    totalCash: n,
    totalDebt: n,
    debtToEquity: n,
    currentRatio: n,
    quickRatio: n,
    revenueGrowth: n,
    earningsGrowth: n,
    grossMargins: n,
    operatingMargins: n,
    profitMargins: n,
    ebitdaMargins: n,
    })
    .partial()
    .optional(),
});

const v = (x: number | null | undefined) => x ?? null;

/** A quoteSummary result (the four modules, merged) -> fundamentals; fields the symbol lacks are null. */
export function mapQuoteSummary(result: unknown): Fundamentals {
  const s = parseMapped(UPSTREAM, SummarySchema, result);
  const why = ownValue(NOT_A_COMPANY, s.price.quoteType ?? "");
  if (why !== undefined) {
    throw new AppError("VALIDATION_FAILED", `ticker: ${s.price.symbol} is ${why}; fundamentals exist only for stocks and funds`, {
      details: [{ param: "ticker", issue: `is ${why}; fundamentals exist only for stocks and funds` }],
    });
  }
  const sd = s.summaryDetail ?? {};
  const ks = s.defaultKeyStatistics ?? {};
  const fd = s.financialData ?? {};
  return {
    symbol: s.price.symbol,
    name: s.price.longName ?? s.price.shortName ?? null,
    currency: s.price.currency ?? null,
    quote_type: s.price.quoteType ?? null,
    valuation: {
      trailing_pe: v(sd.trailingPE),
      forward_pe: v(sd.forwardPE ?? ks.forwardPE),
      peg_ratio: v(ks.pegRatio),
      price_to_book: v(ks.priceToBook),
      ev_to_ebitda: v(ks.enterpriseToEbitda),
      market_cap: v(sd.marketCap),
      enterprise_value: v(ks.enterpriseValue),
    },
    margins: { gross: v(fd.grossMargins), operating: v(fd.operatingMargins), profit: v(fd.profitMargins), ebitda: v(fd.ebitdaMargins) },
    growth: { revenue: v(fd.revenueGrowth), earnings: v(fd.earningsGrowth), earnings_quarterly: v(ks.earningsQuarterlyGrowth) },
    balance_sheet: {
      total_cash: v(fd.totalCash),
      total_debt: v(fd.totalDebt),
      debt_to_equity: fd.debtToEquity == null ? null : Number((fd.debtToEquity / 100).toPrecision(12)),
      current_ratio: v(fd.currentRatio),
      quick_ratio: v(fd.quickRatio),
    },
    analyst: {
      current_price: v(fd.currentPrice),
      target_high: v(fd.targetHighPrice),
      target_low: v(fd.targetLowPrice),
      target_mean: v(fd.targetMeanPrice),
      target_median: v(fd.targetMedianPrice),
      recommendation: fd.recommendationKey ?? null,
      recommendation_mean: v(fd.recommendationMean),
      num_analysts: v(fd.numberOfAnalystOpinions),
    },
  };
}

/** One quoteSummary request for the four modules; the library's validation is off and ours checks what we map. */
export class YahooFundamentalsProvider implements FundamentalsProvider {
  constructor(private readonly yahoo: YahooFinanceClient) {}

  async fundamentals(symbol: string): Promise<Fundamentals> {
    const raw = await yahooFeedCall(symbol, () => this.yahoo.quoteSummary(symbol, { modules: [...FUNDAMENTALS_MODULES] }, { validateResult: false }));
    return mapQuoteSummary(raw);
  }
}
