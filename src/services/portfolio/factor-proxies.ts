import type { ProxyConstruction } from "../../analytics/proxy-returns.js";

/** One factor and the instruments that stand in for it. */
export interface FactorProxy {
  factor: string;
  description: string;
  construction: ProxyConstruction;
  /** One symbol, or [long, short] for a spread. */
  symbols: readonly string[];
}

export interface FactorProxySet {
  name: "us_equity_styles" | "offline_macro";
  description: string;
  factors: readonly FactorProxy[];
}

/**
 * Live: US equity style factors from liquid ETFs (iShares/SPDR), each style as a long/short spread so it
 * is close to orthogonal to the market leg. Price-based proxies, not Fama-French portfolios.
 */
export const US_EQUITY_STYLE_PROXIES: FactorProxySet = {
  name: "us_equity_styles",
  description: "US equity style factors from ETFs: market SPY, and size, value, momentum, quality and low-volatility as long/short ETF spreads",
  factors: [
    { factor: "market", description: "S&P 500 (SPY) daily return", construction: "return", symbols: ["SPY"] },
    { factor: "size", description: "Russell 2000 minus S&P 500 (IWM - SPY)", construction: "spread", symbols: ["IWM", "SPY"] },
    { factor: "value", description: "S&P 500 Value minus S&P 500 Growth (IVE - IVW)", construction: "spread", symbols: ["IVE", "IVW"] },
    { factor: "momentum", description: "MSCI USA Momentum minus S&P 500 (MTUM - SPY)", construction: "spread", symbols: ["MTUM", "SPY"] },
    { factor: "quality", description: "MSCI USA Quality minus S&P 500 (QUAL - SPY)", construction: "spread", symbols: ["QUAL", "SPY"] },
    { factor: "low_volatility", description: "MSCI USA Min Volatility minus S&P 500 (USMV - SPY)", construction: "spread", symbols: ["USMV", "SPY"] },
  ],
};

/**
 * Offline (MARKET_DATA_DIR set): the shared dataset holds no style ETFs, so the decomposition is against
 * the cross-asset drivers its files do hold. Equity styles are not available offline.
 */
export const OFFLINE_MACRO_PROXIES: FactorProxySet = {
  name: "offline_macro",
  description:
    "Cross-asset macro factors the offline dataset supports: market SPY, growth-vs-market QQQ - SPY, 10-year yield change (^TNX), " +
    "gold (GC=F), oil (CL=F) and the US dollar (inverse of EURUSD=X); equity style ETFs are not in the offline folder",
  factors: [
    { factor: "market", description: "S&P 500 (SPY) daily return", construction: "return", symbols: ["SPY"] },
    { factor: "growth", description: "Nasdaq-100 minus S&P 500 (QQQ - SPY)", construction: "spread", symbols: ["QQQ", "SPY"] },
    { factor: "rates", description: "Daily change of the 10-year Treasury yield (^TNX), decimal (0.0005 = +5 bp)", construction: "yield_change", symbols: ["^TNX"] },
    { factor: "gold", description: "Gold front-month futures (GC=F) daily return", construction: "return", symbols: ["GC=F"] },
    { factor: "oil", description: "WTI crude (CL=F; the offline file is the EIA spot price) daily return", construction: "return", symbols: ["CL=F"] },
    { factor: "dollar", description: "US dollar against the euro: daily return of 1 / EURUSD=X", construction: "inverse_return", symbols: ["EURUSD=X"] },
  ],
};
