/** One sector or theme and the ETF whose momentum stands for it. */
export interface SectorEtf {
  etf: string;
  kind: "sector" | "theme";
  name: string;
  /** Largest holdings of the fund per the issuer's holdings page, as of CONSTITUENTS_AS_OF. */
  leaders: readonly string[];
}

/**
 * A static constituent map, not refreshed: the funds rebalance and their largest holdings drift, so the
 * leader names are a guide to what drives each ETF, dated by this as-of month.
 */
export const CONSTITUENTS_AS_OF = "2025-06";

/** The 11 GICS sectors through the Select Sector SPDR funds, then theme ETFs. */
export const SECTOR_ETFS: readonly SectorEtf[] = [
  { etf: "XLK", kind: "sector", name: "Information Technology", leaders: ["NVDA", "MSFT", "AAPL", "AVGO", "ORCL"] },
  { etf: "XLF", kind: "sector", name: "Financials", leaders: ["BRK.B", "JPM", "V", "MA", "BAC"] },
  { etf: "XLV", kind: "sector", name: "Health Care", leaders: ["LLY", "JNJ", "ABBV", "UNH", "ABT"] },
  { etf: "XLE", kind: "sector", name: "Energy", leaders: ["XOM", "CVX", "COP", "WMB", "EOG"] },
  { etf: "XLI", kind: "sector", name: "Industrials", leaders: ["GE", "RTX", "CAT", "UBER", "BA"] },
  { etf: "XLY", kind: "sector", name: "Consumer Discretionary", leaders: ["AMZN", "TSLA", "HD", "MCD", "BKNG"] },
  { etf: "XLP", kind: "sector", name: "Consumer Staples", leaders: ["COST", "WMT", "PG", "KO", "PM"] },
  { etf: "XLU", kind: "sector", name: "Utilities", leaders: ["NEE", "SO", "CEG", "DUK", "VST"] },
  { etf: "XLB", kind: "sector", name: "Materials", leaders: ["LIN", "SHW", "ECL", "APD", "NEM"] },
  { etf: "XLRE", kind: "sector", name: "Real Estate", leaders: ["PLD", "AMT", "WELL", "EQIX", "DLR"] },
  { etf: "XLC", kind: "sector", name: "Communication Services", leaders: ["META", "GOOGL", "NFLX", "TMUS", "DIS"] },
  { etf: "SMH", kind: "theme", name: "Semiconductors", leaders: ["NVDA", "TSM", "AVGO", "AMD", "ASML"] },
  { etf: "IGV", kind: "theme", name: "Software", leaders: ["MSFT", "ORCL", "CRM", "PLTR", "INTU"] },
  { etf: "IBB", kind: "theme", name: "Biotechnology", leaders: ["GILD", "VRTX", "AMGN", "REGN", "ALNY"] },
  { etf: "ITA", kind: "theme", name: "Aerospace & Defense", leaders: ["GE", "RTX", "BA", "HWM", "LMT"] },
  { etf: "TAN", kind: "theme", name: "Solar", leaders: ["FSLR", "ENPH", "NXT", "RUN", "SEDG"] },
  { etf: "URA", kind: "theme", name: "Uranium & Nuclear", leaders: ["CCJ", "NXE", "UEC"] },
  { etf: "ARKK", kind: "theme", name: "Disruptive Innovation", leaders: ["TSLA", "COIN", "ROKU", "RBLX", "HOOD"] },
  // Physical bullion: the fund has no constituent companies.
  { etf: "GLD", kind: "theme", name: "Gold", leaders: [] },
];
