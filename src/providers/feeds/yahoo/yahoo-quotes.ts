import { z } from "zod";
import type { YahooFinanceClient } from "../../prices/yahoo/yahoo-finance-client.js";
import { parseMapped } from "../feed-http.js";
import type { IndexQuote, QuoteProvider } from "../port.js";
import { yahooFeedCall } from "./yahoo-feed-call.js";

const QuotesSchema = z.array(
  z.object({ symbol: z.string(), regularMarketPrice: z.number().optional(), regularMarketChangePercent: z.number().optional() }),
);

/** Yahoo quote rows -> {symbol: {price, change_pct (percent)}}; a row without a price is left out, not zeroed. */
export function mapQuotes(rows: unknown): Record<string, IndexQuote> {
  const out: Record<string, IndexQuote> = {};
  for (const q of parseMapped("Yahoo Finance quote", QuotesSchema, rows)) {
    if (q.regularMarketPrice === undefined || q.regularMarketChangePercent === undefined) continue;
    out[q.symbol] = { price: q.regularMarketPrice, change_pct: q.regularMarketChangePercent };
  }
  return out;
}

export class YahooQuoteProvider implements QuoteProvider {
  constructor(private readonly yahoo: YahooFinanceClient) {}

  async quotes(symbols: readonly string[]): Promise<Record<string, IndexQuote>> {
    const raw = await yahooFeedCall(symbols.join(","), () => this.yahoo.quote([...symbols], { return: "array" }, { validateResult: false }));
    return mapQuotes(raw);
  }
}
