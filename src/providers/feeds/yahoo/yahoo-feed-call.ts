import { AppError } from "../../../domain/app-error.js";
import { mapYahooError } from "../../prices/yahoo/yahoo-error-mapper.js";

/**
 * One request of a Yahoo feed adapter (quoteSummary, options, quote, search), its failure said in our terms:
 * Yahoo's "Quote not found" family means the symbol does not exist there (404 UNKNOWN_TICKER); anything else
 * is mapped as the price adapter maps it. `subject` names what was asked for in the message.
 */
export async function yahooFeedCall(subject: string, request: () => Promise<unknown>): Promise<unknown> {
  try {
    return await request();
  } catch (error) {
    throw mapYahooFeedError(error, subject);
  }
}

function mapYahooFeedError(error: unknown, symbol: string): unknown {
  if (error instanceof Error && !(error instanceof AppError) && /Quote not found|No fundamentals data found|Not Found/i.test(error.message)) {
    return new AppError("UNKNOWN_TICKER", `Unknown ticker "${symbol}": Yahoo Finance has no data for it`, {
      details: [{ param: "ticker", issue: "unknown at the source" }],
    });
  }
  return mapYahooError(error, symbol);
}
