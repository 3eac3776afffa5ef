import { z } from "zod";
import { AppError, validationError } from "../../../domain/app-error.js";
import type { YahooFinanceClient } from "../../prices/yahoo/yahoo-finance-client.js";
import { parseMapped } from "../feed-http.js";
import type { EarningsHistory, EarningsHistoryProvider } from "../port.js";
import { yahooFeedCall } from "./yahoo-feed-call.js";
import { instantMs, isoDate, yahooNumber } from "./yahoo-values.js";

const UPSTREAM = "Yahoo Finance quoteSummary (earningsHistory)";
export const EARNINGS_HISTORY_MODULES = ["price", "earningsHistory"] as const;

const n = yahooNumber;
const HistorySchema = z.object({
  price: z.object({ symbol: z.string(), quoteType: z.string().optional() }).optional(),
  earningsHistory: z
    .object({
      history: z.array(
        z.object({
          quarter: z.unknown(),
          epsActual: n,
          epsEstimate: n,
          epsDifference: n,
          surprisePercent: n,
          currency: z.string().nullable().optional(),
        }),
      ),
    })
    .optional(),
});

/**
 * A quoteSummary result -> the reported quarters, oldest first. `symbol` names the request (a recording of
 * the module alone carries no price module). A result without the module is a symbol with no reports: a
 * fund says so (422), anything else is unknown to the source (404).
 */
export function mapEarningsHistory(result: unknown, symbol: string): EarningsHistory {
  const parsed = parseMapped(UPSTREAM, HistorySchema, result);
  if (parsed.earningsHistory === undefined) throw noReports(symbol, parsed.price?.quoteType);
  const quarters = parsed.earningsHistory.history.flatMap((q) => {
    const endMs = instantMs(q.quarter);
    // A row without its quarter cannot be matched to a report date or shown honestly: left out, never dated by guess.
    if (endMs === null) return [];
    return [
      {
        fiscal_quarter_end: isoDate(endMs),
        eps_actual: q.epsActual,
        eps_estimate: q.epsEstimate,
        eps_difference: q.epsDifference,
        surprise: q.surprisePercent,
        currency: q.currency ?? null,
      },
    ];
  });
  quarters.sort((a, b) => a.fiscal_quarter_end.localeCompare(b.fiscal_quarter_end));
  return { symbol: parsed.price?.symbol ?? symbol, quarters };
}

function noReports(symbol: string, quoteType: string | undefined): AppError {
  if (quoteType !== undefined && quoteType !== "EQUITY") {
    return validationError("ticker", `${symbol} is quoted as ${quoteType}; only companies report earnings`);
  }
  return new AppError("UNKNOWN_TICKER", `Yahoo Finance has no earnings history for "${symbol}"`, { details: [{ param: "ticker", issue: "no earnings reports at the source" }] });
}

/** One quoteSummary request for the price and earningsHistory modules; our schema checks what we map. */
export class YahooEarningsHistoryProvider implements EarningsHistoryProvider {
  constructor(private readonly yahoo: YahooFinanceClient) {}

  async history(symbol: string): Promise<EarningsHistory> {
    const raw = await yahooFeedCall(symbol, () => this.yahoo.quoteSummary(symbol, { modules: [...EARNINGS_HISTORY_MODULES] }, { validateResult: false }));
    return mapEarningsHistory(raw, symbol);
  }
}
