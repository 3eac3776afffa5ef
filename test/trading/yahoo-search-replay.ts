import { createYahooReplayFetch, envelopeResponse, loadYahooEnvelope, type ReplayRoute } from "../support/replay-fetch.js";

/** Symbols Yahoo search was recorded for (../shared/fixtures/yahoo/search-<SYMBOL>.json, Feb 2025). */
export const RECORDED_SEARCHES = ["AAPL", "BTC-USD", "EURUSD=X", "GC=F", "QQQ", "GOOG"];

/**
 * Yahoo search answered from the recordings whatever counts the adapter asks for (they were made with
 * yahoo-finance2's defaults, newsCount=4); other symbols miss. `extra` routes are consulted first.
 */
export function recordedSearchFetch(extra: ReplayRoute[] = []) {
  return createYahooReplayFetch({
    routes: [
      ...extra,
      ...RECORDED_SEARCHES.map((symbol) => ({
        match: new RegExp(`/v1/finance/search\\?(.*&)?q=${encodeURIComponent(symbol)}(&|$)`),
        respond: () => envelopeResponse(loadYahooEnvelope(`search-${symbol}.json`)),
      })),
    ],
  });
}
