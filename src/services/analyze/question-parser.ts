import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";

export type Intent = "move_after" | "correlation" | "compare" | "signal" | "narrative" | "latest_price";

export interface Interpretation {
  intent: Intent;
  /** Canonical tickers in the order they appear. */
  tickers: string[];
  /** A horizon the question named, in calendar days (forward, or the comparison window). */
  horizonDays: number | null;
  /** move_after: the move's return (decimal, signed) and the bars it took. */
  move: { return: number; lookbackBars: number } | null;
  /** Why the intent was chosen (the keyword that decided it, or the default). */
  matched: string;
}

/** Common names the parser maps to tickers (lower-case, whole words). */
export const NAME_ALIASES: Readonly<Record<string, string>> = {
  apple: "AAPL", microsoft: "MSFT", nvidia: "NVDA", amazon: "AMZN", google: "GOOGL", alphabet: "GOOGL", tesla: "TSLA", meta: "META",
  bitcoin: "BTC", ethereum: "ETH", ether: "ETH", solana: "SOL", gold: "xyz:GOLD", silver: "xyz:SILVER", oil: "xyz:CL", brent: "xyz:BRENTOIL",
  "s&p": "SPY", "s&p 500": "SPY", nasdaq: "QQQ", euro: "xyz:EUR",
};

/** Upper-case words that are not tickers in a question. */
const NOT_TICKERS = new Set(["I", "A", "AM", "PM", "US", "USA", "CEO", "ETF", "AI", "IPO", "GDP", "CPI", "FED", "THE", "VS", "OK", "EPS", "PE", "USD", "Q1", "Q2", "Q3", "Q4"]);

const INTENT_RULES: ReadonlyArray<{ intent: Intent; re: RegExp; minTickers: number; words: string }> = [
  { intent: "correlation", re: /\bcorrelat\w*/i, minTickers: 2, words: "correlat*" },
  { intent: "compare", re: /\b(compare\w*|versus|vs\.?|outperform\w*|better)\b/i, minTickers: 2, words: "compare, versus, vs, outperform, better" },
  { intent: "signal", re: /\b(signal|buy|sell|long|short|trade|position)\b/i, minTickers: 1, words: "signal, buy, sell, long, short, trade, position" },
  { intent: "narrative", re: /\b(news|sentiment|narrative|headlines?|story)\b/i, minTickers: 1, words: "news, sentiment, narrative, headline(s), story" },
  { intent: "latest_price", re: /\b(price|trading at|quote|worth|cost|how much)\b/i, minTickers: 1, words: "price, trading at, quote, worth, cost, how much" },
];

const MOVE_WORDS = "(drop|drops|dropped|fall|falls|fell|decline|declines|declined|crash|crashes|crashed|selloff|sell-off|plunge|plunged|down|rise|rises|rose|gain|gains|gained|rally|rallies|rallied|jump|jumps|jumped|surge|surges|surged|up)";
const DOWN_WORDS = /^(drop|drops|dropped|fall|falls|fell|decline|declines|declined|crash|crashes|crashed|selloff|sell-off|plunge|plunged|down)$/;
const MOVE_RE = [
  new RegExp(`\\b${MOVE_WORDS}\\s+(?:of\\s+|by\\s+)?(\\d+(?:\\.\\d+)?)\\s*%`, "i"),
  new RegExp(`(\\d+(?:\\.\\d+)?)\\s*%\\s+${MOVE_WORDS}\\b`, "i"),
];
const DURATION_RE = /\b(in|over|within|next|following|after)?\s*(\d+)\s*(trading\s+)?(day|days|week|weeks|month|months)\b/gi;
const BARS_PER = { day: 1, week: 5, month: 21 } as const;
const DAYS_PER = { day: 1, week: 7, month: 30 } as const;

export const PARSER_RULES =
  "Tickers: xyz:ALIAS symbols, upper-case words of 1 to 6 letters (optionally -USD) that the service can resolve (common words such as " +
  `${[...NOT_TICKERS].slice(0, 8).join(", ")} excluded), and the names ${Object.keys(NAME_ALIASES).join(", ")}. Horizons: "N days|weeks|months" ` +
  "(for a move: after in/over/within its length in trading bars, otherwise the forward window; for other intents the first one named " +
  "is the window, in calendar days, weeks = 7 and months = 30). Intents, " +
  'first match wins: a move ("fell 5%", "5% drop", "rallied by 10%") -> what happened after similar moves (/pattern_backtest); ' +
  INTENT_RULES.map((r) => `${r.words} with ${r.minTickers}+ ticker(s) -> ${r.intent}`).join("; ") +
  "; a ticker alone -> latest_price.";

/**
 * The deterministic parser of /analyze: keywords and regular expressions only, no language model. Returns
 * null when the question holds nothing it understands. `resolve` throws for symbols the service cannot price.
 */
export function parseQuestion(question: string, resolve: (ticker: string) => ResolvedSymbol): Interpretation | null {
  const tickers = findTickers(question, resolve);
  const durations = [...question.matchAll(DURATION_RE)].map((m) => {
    const unit = m[4].toLowerCase().replace(/s$/, "") as keyof typeof BARS_PER;
    return { lead: (m[1] ?? "").toLowerCase(), n: Number(m[2]), bars: Number(m[2]) * BARS_PER[unit], days: Number(m[2]) * DAYS_PER[unit] };
  });
  // For a move, "in/over/within N days" is the move's length and any other duration the forward window;
  // for the other intents the first duration named is the window.
  const forward = durations.find((d) => !["in", "over", "within"].includes(d.lead));
  const horizonDays = forward?.days ?? null;
  const windowDays = durations[0]?.days ?? null;
  for (const re of MOVE_RE) {
    const m = re.exec(question);
    if (m === null || tickers.length === 0) continue;
    const [word, pct] = /^\d/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
    const sign = DOWN_WORDS.test(word.toLowerCase()) ? -1 : 1;
    const lookback = durations.find((d) => ["in", "over", "within"].includes(d.lead));
    return { intent: "move_after", tickers, horizonDays, move: { return: (sign * Number(pct)) / 100, lookbackBars: lookback?.bars ?? 5 }, matched: m[0] };
  }
  for (const rule of INTENT_RULES) {
    const m = rule.re.exec(question);
    if (m !== null && tickers.length >= rule.minTickers) return { intent: rule.intent, tickers, horizonDays: windowDays, move: null, matched: m[0] };
  }
  return tickers.length > 0 ? { intent: "latest_price", tickers, horizonDays: windowDays, move: null, matched: "(a ticker alone)" } : null;
}

function findTickers(question: string, resolve: (ticker: string) => ResolvedSymbol): string[] {
  const candidates: { at: number; symbol: string }[] = [];
  for (const m of question.matchAll(/\bxyz:[A-Za-z0-9]+/g)) candidates.push({ at: m.index, symbol: m[0] });
  for (const m of question.matchAll(/(?<![\w:&])[A-Z]{1,6}(?:-USD)?(?![\w&])/g)) if (!NOT_TICKERS.has(m[0])) candidates.push({ at: m.index, symbol: m[0] });
  const lower = question.toLowerCase();
  for (const [name, symbol] of Object.entries(NAME_ALIASES)) {
    for (const m of lower.matchAll(new RegExp(`(?<![\\w&])${name.replace(/[&]/g, "\\&")}(?![\\w&])`, "g"))) candidates.push({ at: m.index, symbol });
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { symbol } of candidates.sort((a, b) => a.at - b.at)) {
    let ticker: string;
    try {
      ticker = resolve(symbol).ticker;
    } catch {
      continue;
    }
    if (!seen.has(ticker)) [seen.add(ticker), out.push(ticker)];
  }
  return out;
}
