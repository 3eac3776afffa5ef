import { AppError } from "../../domain/app-error.js";
import type { PerpAccountState, TradingAccountProvider } from "./port.js";

/** Offline (MARKET_DATA_DIR set) there is no live account to read, and a portfolio is never invented. */
export class OfflineTradingAccountProvider implements TradingAccountProvider {
  readonly source = "offline";

  async accountState(): Promise<PerpAccountState> {
    const message = "offline mode (MARKET_DATA_DIR is set): live Hyperliquid account data is not available";
    throw new AppError("UPSTREAM_UNAVAILABLE", message, { retryAfterSeconds: 3600, publicHint: message });
  }
}
