import type { ANALYZE_INTENTS } from "../../contracts/trading/analyze.js";

/**
 * The intents /analyze understands, in the order they are tried (first match wins), each with the words that
 * select it, how many tickers it needs and the route that answers it. Order matters where words overlap:
 * a move ("fell 10%") before anything else, sizing's "how much ... buy" before a price's "how much", options'
 * "implied volatility" before a regime's "volatility", a company's earnings before the earnings calendar.
 */
/** The wire's list of intents; every rule below and the move rule use one of them. */
export type Intent = (typeof ANALYZE_INTENTS)[number];

export interface IntentRule {
  intent: Intent;
  re: RegExp;
  /** Tickers the intent needs (a comparison two, a calendar none). */
  minTickers: number;
  /** At most this many tickers (market-wide intents read "none": a ticker means another intent). */
  maxTickers?: number;
  /** The rule also needs a window (a named event, dates, "the last N days"). */
  needsWindow?: boolean;
  route: string;
  words: string;
}

export const INTENT_RULES: readonly IntentRule[] = [
  { intent: "correlation", re: /\bcorrelat\w*|\bmove together\b/i, minTickers: 2, route: "/correlation_matrix", words: "correlated, move together" },
  { intent: "optimize", re: /\b(optimi[sz]\w*|weights?|allocat\w+ (between|across|among))\b/i, minTickers: 2, route: "/optimize_portfolio", words: "optimise, weights" },
  {
    intent: "compare",
    re: /\b(compar\w*|versus|vs\.?|outperform\w*|underperform\w*|beat|better than|worse than|did better)\b/i,
    minTickers: 2,
    route: "/get_price_history",
    words: "compare, versus, vs, outperform, beat, better than",
  },
  {
    intent: "earnings_calendar",
    re: /\b(reports? earnings|reporting earnings|earnings (calendar|schedule|season)|who reports|announce\w* earnings)\b/i,
    minTickers: 0,
    maxTickers: 0,
    route: "/get_earnings_calendar",
    words: "who reports earnings, earnings calendar",
  },
  {
    intent: "earnings_reaction",
    re: /\b(earnings|eps|surprises?|quarterly results|(beat|miss\w*) (the )?(estimates?|consensus|expectations))\b/i,
    minTickers: 1,
    route: "/earnings_surprise",
    words: "earnings, EPS, surprise, beat estimates",
  },
  {
    intent: "economic_calendar",
    re: /\b(economic (events?|calendar|data|releases?)|cpi|ppi|pce|fomc|fed (meeting|decision)|rate decision|nonfarm|payrolls|jobs report|nfp|gdp (release|report|print)|inflation (data|report|print))\b/i,
    minTickers: 0,
    route: "/get_economic_calendar",
    words: "economic events, CPI, FOMC, payrolls",
  },
  {
    intent: "sizing",
    re: /\b(how (much|many shares)\b.*\b(buy|sell|own|hold|invest|allocate|put|risk)|position siz\w*|size (a |my |the )?position|how big (a |of a )?position|kelly|risk per trade)\b/i,
    minTickers: 1,
    route: "/position_size",
    words: "how much ... buy, position size, Kelly",
  },
  {
    intent: "options",
    re: /\b(options?( chain)?|put[/ -]call|implied vol\w*|open interest|calls and puts|strikes?)\b/i,
    minTickers: 1,
    route: "/get_options_chain",
    words: "options, put/call, implied volatility, open interest",
  },
  {
    intent: "signal",
    re: /\b(signals?|buy or sell|should i (buy|sell|short)|long or short|trade setup|entry (point|price)|stop loss)\b/i,
    minTickers: 1,
    route: "/trading/signal",
    words: "signal, should I buy, long or short",
  },
  {
    intent: "regime",
    re: /\b(regime|trending|range[- ]bound|choppy|(volatility|vol) (is |looks? )?(high|low|elevated)|(high|low|elevated) volatility|volatile|bull or bear|uptrend|downtrend)\b/i,
    minTickers: 1,
    route: "/regime_detection",
    words: "regime, trending, range-bound, volatility high",
  },
  {
    intent: "macro",
    re: /\b(macro|vix and (yields?|rates)|(rates|yields) and gold|market environment|macro (regime|backdrop|conditions?))\b/i,
    minTickers: 0,
    route: "/macro_analog",
    words: "macro periods, market environment",
  },
  {
    intent: "event_window",
    re: /\b(after|like|since|during|following|precedents?|analogs?|similar|resembl\w*|look(s|ed)? like|happened|did|behave\w*|do next|price action|distribution)\b/i,
    minTickers: 1,
    needsWindow: true,
    route: "/forward_distribution",
    words: "a named event or a window (March 2020, 2024-07-10 to 2024-08-05, the last 30 days) with after, like, precedents, analogs",
  },
  {
    intent: "forward_odds",
    re: /\b(odds|probabilit\w*|chances?|likely|likelihood|expected return|forecast|outlook|(higher|lower|up|down) in \d+|go(es)? (up|down|higher|lower)|rise|fall)\b/i,
    minTickers: 1,
    route: "/api/backtest",
    words: "odds, probability, chance, likely, go up",
  },
  { intent: "narrative", re: /\b(news|sentiment|narrative|headlines?|story|theme)\b/i, minTickers: 1, route: "/api/narrative", words: "news, sentiment, headlines (with a ticker)" },
  {
    intent: "fear_greed",
    re: /\b(fear|greed|fearful|greedy|market sentiment|sentiment (of|in) the market|risk[- ]on|risk[- ]off|panic\w*|euphori\w*)\b/i,
    minTickers: 0,
    maxTickers: 0,
    route: "/get_fear_greed",
    words: "fear, greed, market sentiment",
  },
  { intent: "sector_momentum", re: /\bsectors?\b/i, minTickers: 0, maxTickers: 0, route: "/api/sectors/momentum", words: "sectors" },
  { intent: "momentum_scan", re: /\b(momentum|strongest|weakest|ranked|ranking|leaders?|laggards?)\b/i, minTickers: 0, maxTickers: 0, route: "/api/momentum/scan", words: "momentum, strongest, ranking" },
  {
    intent: "daily_brief",
    re: /\b(what'?s|what is) (happening|moving|going on)|\b(market (brief|summary|overview|wrap)|morning brief|in the markets? today|daily brief)\b/i,
    minTickers: 0,
    maxTickers: 0,
    route: "/daily_brief",
    words: "what's happening, market summary",
  },
  {
    intent: "movers",
    re: /\b(gainers?|losers?|movers?|most active|biggest (gains?|loss\w*|drops?|moves?)|top (stocks|performers)|up the most|down the most)\b/i,
    minTickers: 0,
    maxTickers: 0,
    route: "/get_market_movers",
    words: "gainers, losers, movers, most active",
  },
  {
    intent: "fundamentals",
    re: /\b(p\/?e|price[- ]to[- ](earnings|book|sales)|valuation|valued|margins?|revenue|sales growth|growth|balance sheet|debt|analyst (price )?targets?|price targets?|fundamentals?|market cap\w*|dividends?|peg|ev\/ebitda|book value|cash flow|profitab\w*|expensive|cheap)\b/i,
    minTickers: 1,
    route: "/get_fundamentals",
    words: "P/E, valuation, margins, growth, analyst targets",
  },
  {
    intent: "latest_price",
    re: /\b(price|trading at|quote|worth|cost|how much|clos(e|ed|ing)|last (price|close|trade)|current(ly)?)\b/i,
    minTickers: 1,
    route: "/get_latest_price",
    words: "price, quote, close, worth, how much",
  },
];
