import { TRADING_SCAN_UNIVERSE } from "../domain/trading-universe.js";
import { NAME_ALIASES } from "../services/analyze/question-parser.js";

/** Symbols worth suggesting: the trading universe (every asset class the service serves) and a few staples. */
const KNOWN_SYMBOLS: readonly string[] = [
  ...TRADING_SCAN_UNIVERSE.symbols,
  "AMD", "NFLX", "PLTR", "COIN", "INTC", "ORCL", "IWM", "DIA", "TLT", "GLD", "SLV", "SMH", "DOGE", "ADA", "AVAX", "LINK", "^VIX", "^TNX",
];

/** Levenshtein distance, small strings only. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/**
 * Near matches for a ticker the service did not know: a company or asset name ("apple" -> AAPL), a crypto
 * pair written the Yahoo way ("BTCUSD" -> BTC), a missing xyz: prefix, or a symbol one or two edits away.
 * At most `max`, nearest first; empty when nothing is close.
 */
export function nearTickers(input: string, max = 3): string[] {
  const raw = input.trim();
  if (raw === "" || raw.length > 24) return [];
  const upper = raw.toUpperCase();
  const lower = raw.toLowerCase();
  const scored = new Map<string, number>();
  const offer = (symbol: string, score: number) => {
    if (symbol.toUpperCase() === upper) return;
    scored.set(symbol, Math.min(score, scored.get(symbol) ?? Number.POSITIVE_INFINITY));
  };
  const named = Object.hasOwn(NAME_ALIASES, lower) ? NAME_ALIASES[lower] : undefined;
  if (named !== undefined) offer(named, 0);
  const bare = upper.replace(/^XYZ:/, "").replace(/[-/]?(USD|USDT|USDC)$/, "");
  for (const symbol of KNOWN_SYMBOLS) {
    const plain = symbol.replace(/^xyz:/, "").toUpperCase();
    if (plain === bare) offer(symbol, 0.5);
    const distance = editDistance(bare, plain);
    if (distance <= (plain.length <= 3 ? 1 : 2)) offer(symbol, distance);
  }
  return [...scored.entries()].sort((a, b) => a[1] - b[1]).slice(0, max).map(([symbol]) => symbol);
}
