/**
 * The 22 symbols /trading/scan fires signals for (core-api §8: "trading scan universe: 22 tickers"; the spec
 * does not name them). Chosen as liquid assets the service can price in every asset class it serves: the
 * largest US stocks and the two index ETFs, the most traded crypto assets, and the xyz DEX perps on
 * commodities, indices and currencies (history from the mapped Yahoo symbol). Fixed and versioned so every
 * caller and node scans the same list; a change is a new version.
 */
export const TRADING_SCAN_UNIVERSE = {
  version: "2026-11-23",
  symbols: [
    "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "SPY", "QQQ",
    "BTC", "ETH", "SOL", "HYPE", "XRP",
    "xyz:GOLD", "xyz:SILVER", "xyz:CL", "xyz:BRENTOIL", "xyz:SP500", "xyz:XYZ100", "xyz:EUR", "xyz:JPY",
  ],
} as const;
