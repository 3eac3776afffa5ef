import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import { findDay, findHorizonDays, findMoveBars, findWindow, type QuestionWindow } from "./question-dates.js";
import { INTENT_RULES, type Intent } from "./question-intents.js";
import { findTickers, NAME_ALIASES, NOT_TICKERS } from "./question-tickers.js";

export type { Intent } from "./question-intents.js";
export type { QuestionWindow } from "./question-dates.js";
export { NAME_ALIASES } from "./question-tickers.js";

export type EconPeriod = "today" | "tomorrow" | "this_week" | "next_week" | "this_month";

export interface Interpretation {
  intent: Intent;
  /** The route that answers it (the first one /analyze calls). */
  route: string;
  /** Canonical tickers in the order they appear. */
  tickers: string[];
  /** A price window the question names (event, dates, "the last 30 days"). */
  window: QuestionWindow | null;
  /** A single day (earnings calendar). */
  day: string | null;
  /** A forward horizon in calendar days. */
  horizonDays: number | null;
  /** move_after: the move's return (decimal, signed) and the bars it took. */
  move: { return: number; lookbackBars: number } | null;
  /** sizing: an account size in USD the question names. */
  accountSizeUsd: number | null;
  /** economic calendar: the period asked about. */
  econPeriod: EconPeriod | null;
  /** The words that decided the intent. */
  matched: string;
}

export type ParseOutcome =
  | { understood: true; interpretation: Interpretation }
  | { understood: false; reason: string; tickers: string[]; window: QuestionWindow | null };

const MOVE_WORDS =
  "(drops?|dropped|falls?|fell|declines?|declined|crash(?:es|ed)?|sell-?offs?|plunge[sd]?|tumbled?|sank|down|rises?|rose|gains?|gained|rall(?:y|ies|ied)|jump(?:s|ed)?|surge[sd]?|soared?|up)";
const DOWN_WORDS = /^(drop|drops|dropped|fall|falls|fell|decline|declines|declined|crash|crashes|crashed|sell-?offs?|plunge[sd]?|tumbled?|sank|down)$/i;
const MOVE_RE = [
  new RegExp(`\\b${MOVE_WORDS}\\s+(?:of\\s+|by\\s+|more than\\s+|over\\s+)?(\\d+(?:\\.\\d+)?)\\s*%`, "i"),
  new RegExp(`(\\d+(?:\\.\\d+)?)\\s*%\\s+(?:\\w+\\s+)?${MOVE_WORDS}\\b`, "i"),
];
const ACCOUNT_RE = /\$\s?(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\b|\b(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\s*(?:usd|dollars?)\b/i;

export const PARSER_RULES =
  "Deterministic: keywords and patterns, no language model. Tickers: xyz:ALIAS, $CASHTAGS, upper-case symbols the service can price " +
  `(common abbreviations such as ${[...NOT_TICKERS].slice(0, 10).join(", ")} excluded) and the names ${Object.keys(NAME_ALIASES).slice(0, 12).join(", ")}, .... ` +
  'Windows: named events ("March 2020", "the covid crash", "2008", "dot-com", "yen carry", "Brexit", ...), two YYYY-MM-DD dates, "since YYYY-MM-DD", ' +
  '"Month YYYY", "the last N days|weeks|months". Horizons: "in|over the next N days|weeks|months". Intents, first match wins: a move ("fell 10% in 5 days") -> /pattern_backtest; ' +
  INTENT_RULES.map((r) => `${r.words}${r.minTickers > 0 ? ` with ${r.minTickers}+ ticker(s)` : ""} -> ${r.route}`).join("; ") +
  "; a ticker alone -> /get_latest_price.";

function accountSize(question: string): number | null {
  const m = ACCOUNT_RE.exec(question);
  if (m === null) return null;
  const value = Number((m[1] ?? m[3]).replace(/,/g, ""));
  const unit = (m[2] ?? m[4] ?? "").toLowerCase();
  const scaled = value * (unit === "k" || unit === "thousand" ? 1e3 : unit === "m" || unit === "million" ? 1e6 : 1);
  return Number.isFinite(scaled) && scaled > 0 ? scaled : null;
}

function econPeriod(question: string): EconPeriod {
  if (/\btomorrow\b/i.test(question)) return "tomorrow";
  if (/\btoday\b/i.test(question)) return "today";
  if (/\bnext week\b/i.test(question)) return "next_week";
  if (/\b(this month|next|upcoming|when)\b/i.test(question)) return "this_month";
  return "this_week";
}

/** The words left once tickers, names and punctuation are gone: a bare "AAPL?" is a price question. */
function bareTicker(question: string, tickers: string[]): boolean {
  const words = question.replace(/[?!.,:$]/g, " ").split(/\s+/).filter((w) => w !== "" && !tickers.includes(w.toUpperCase()) && !/^xyz:/i.test(w));
  return tickers.length === 1 && words.length <= 1;
}

/**
 * The deterministic parser of /analyze. `today` (YYYY-MM-DD) anchors relative dates; `resolve` throws for
 * symbols the service cannot price. Says what it did not understand when no intent fits.
 */
export function parseQuestion(question: string, resolve: (ticker: string) => ResolvedSymbol, today: string): ParseOutcome {
  const { tickers, unresolved } = findTickers(question, resolve);
  const window = findWindow(question, today);
  const base = { tickers, window, day: findDay(question, today), move: null, accountSizeUsd: accountSize(question), econPeriod: null };

  for (const re of MOVE_RE) {
    const m = re.exec(question);
    if (m === null || tickers.length === 0) continue;
    const [word, pct] = /^\d/.test(m[1]) ? [m[2], m[1]] : [m[1], m[2]];
    const sign = DOWN_WORDS.test(word) ? -1 : 1;
    const lookbackBars = findMoveBars(question) ?? 5;
    // The move's own span ("in 5 days") is not the forward horizon: read the horizon without it.
    const horizonDays = findHorizonDays(question.replace(/\b(in|over|within)\s+(the\s+(last|past)\s+)?(\d+|a|an|one|two|three)\s+(trading\s+)?(day|week|month)s?\b/i, ""));
    const move = { return: (sign * Number(pct)) / 100, lookbackBars };
    return { understood: true, interpretation: { ...base, intent: "move_after", route: "/pattern_backtest", horizonDays, move, matched: m[0] } };
  }

  let wanting: string | undefined;
  for (const rule of INTENT_RULES) {
    const m = rule.re.exec(question);
    if (m === null) continue;
    const enoughTickers = tickers.length >= rule.minTickers && (rule.maxTickers === undefined || tickers.length <= rule.maxTickers);
    if (!enoughTickers || (rule.needsWindow === true && window === null)) {
      if (tickers.length < rule.minTickers) wanting ??= `"${m[0]}" asks for ${rule.route}, which needs ${rule.minTickers === 1 ? "a ticker" : `${rule.minTickers} tickers`}`;
      continue;
    }
    const interpretation: Interpretation = {
      ...base,
      intent: rule.intent,
      route: rule.route,
      horizonDays: findHorizonDays(question),
      econPeriod: rule.intent === "economic_calendar" ? econPeriod(question) : null,
      matched: m[0],
    };
    return { understood: true, interpretation };
  }
  if (bareTicker(question, tickers)) {
    return { understood: true, interpretation: { ...base, intent: "latest_price", route: "/get_latest_price", horizonDays: null, matched: "(a ticker alone)" } };
  }
  const found = tickers.length === 0 ? "no ticker" : `the ticker(s) ${tickers.join(", ")}`;
  const unknown = unresolved.length === 0 ? "" : `; ${unresolved.join(", ")} ${unresolved.length === 1 ? "is not a symbol" : "are not symbols"} the service can price`;
  const reason = wanting !== undefined ? `${wanting}; found ${found}${unknown}` : `found ${found} but no question it understands about ${tickers.length === 0 ? "the market" : "them"}${unknown}`;
  return { understood: false, reason, tickers, window };
}
