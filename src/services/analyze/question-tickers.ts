import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";

/** Common names the parser maps to tickers (lower-case, whole words). */
export const NAME_ALIASES: Readonly<Record<string, string>> = {
  apple: "AAPL", microsoft: "MSFT", nvidia: "NVDA", amazon: "AMZN", google: "GOOGL", alphabet: "GOOGL", tesla: "TSLA", meta: "META",
  netflix: "NFLX", amd: "AMD", intel: "INTC", palantir: "PLTR", coinbase: "COIN", oracle: "ORCL",
  bitcoin: "BTC", ethereum: "ETH", ether: "ETH", solana: "SOL", gold: "xyz:GOLD", silver: "xyz:SILVER", oil: "xyz:CL", crude: "xyz:CL",
  brent: "xyz:BRENTOIL", "s&p": "SPY", "s&p 500": "SPY", "the s&p": "SPY", nasdaq: "QQQ", euro: "xyz:EUR", yen: "xyz:JPY",
  treasuries: "TLT", bonds: "TLT",
};

/**
 * Upper-case words that are not tickers in a question: common abbreviations of finance and of English. A
 * cashtag ($AI) is always read as a ticker.
 */
export const NOT_TICKERS: ReadonlySet<string> = new Set([
  "I", "A", "AM", "PM", "US", "USA", "UK", "EU", "CEO", "CFO", "ETF", "ETFS", "AI", "IPO", "GDP", "CPI", "PPI", "PCE", "FED", "FOMC", "ECB", "BOJ", "THE",
  "VS", "OK", "EPS", "PE", "P", "E", "USD", "EUR", "Q1", "Q2", "Q3", "Q4", "YTD", "MTD", "ATH", "IV", "OI", "EV", "EBITDA", "PEG", "NFP", "SEC",
  "ROE", "ROI", "FCF", "TTM", "YOY", "QOQ", "DCF", "IS", "IT", "MY", "ME", "DO", "IF", "OR", "AND", "WHAT", "HOW", "WHO", "WHY",
  "BUY", "SELL", "LONG", "SHORT", "NYSE", "COVID", "GFC", "SVB", "FTX", "VIX",
]);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&");

/**
 * The tickers a question names, canonical and in the order they appear, once each: xyz: aliases, cashtags,
 * upper-case words of 1 to 6 letters (optionally -USD) that `resolve` accepts and that are not common
 * abbreviations, and the common names of NAME_ALIASES. Also the upper-case words it could not price.
 */
export function findTickers(question: string, resolve: (ticker: string) => ResolvedSymbol): { tickers: string[]; unresolved: string[] } {
  const candidates: { at: number; symbol: string; explicit: boolean }[] = [];
  for (const m of question.matchAll(/\bxyz:[A-Za-z0-9]+/g)) candidates.push({ at: m.index, symbol: m[0], explicit: true });
  for (const m of question.matchAll(/\$([A-Za-z]{1,6}(?:-USD)?)\b/g)) candidates.push({ at: m.index, symbol: m[1].toUpperCase(), explicit: true });
  for (const m of question.matchAll(/(?<![\w:&$/^])[A-Z]{1,6}(?:-USD)?(?![\w&/])/g)) {
    if (!NOT_TICKERS.has(m[0])) candidates.push({ at: m.index, symbol: m[0], explicit: false });
  }
  const lower = question.toLowerCase();
  for (const [name, symbol] of Object.entries(NAME_ALIASES)) {
    for (const m of lower.matchAll(new RegExp(`(?<![\\w&])${escape(name)}(?![\\w&])`, "g"))) candidates.push({ at: m.index, symbol, explicit: true });
  }
  const seen = new Set<string>();
  const tickers: string[] = [];
  const unresolved: string[] = [];
  for (const { symbol } of candidates.sort((a, b) => a.at - b.at)) {
    let ticker: string;
    try {
      ticker = resolve(symbol).ticker;
    } catch {
      if (!unresolved.includes(symbol)) unresolved.push(symbol);
      continue;
    }
    if (!seen.has(ticker)) {
      seen.add(ticker);
      tickers.push(ticker);
    }
  }
  return { tickers, unresolved };
}
