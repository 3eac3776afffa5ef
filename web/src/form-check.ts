/**
 * What the page checks before it spends anything: every field of the search form, with the API's own rules
 * (src/contracts/patterns/pattern-params.ts), so a search that would answer 422 never reaches a 402 quote, and
 * a browser wallet is never asked to sign for a call that cannot succeed. Pure functions, unit-tested in test/web.
 */

/** The form's choices, in the API's terms (end_date exclusive). */
export interface SearchInput {
  ticker: string;
  start_date: string;
  end_date: string;
  k: number;
  metric: "l1" | "l2";
  /** Omitted for the ticker's own history; comma-separated symbols or `all` for a cross-asset search. */
  universe?: string;
  /** Walk-forward: only analogs that ended before the window starts (the distribution's `causal=true`). */
  causal: boolean;
}

/** The field at fault (its element id in the form) and what to do about it. */
export interface FormProblem {
  field: "ticker" | "start" | "end" | "k" | "metric" | "several";
  message: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The fewest bars a window may have (the service answers 422 below it). */
export const MIN_WINDOW_BARS = 5;

function realDate(value: string): boolean {
  return ISO_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/**
 * The first problem of a search, or undefined when the service would accept it. `barsInWindow` counts the
 * ticker's daily bars in the window when the page already holds its history (an exact check); otherwise only
 * the calendar can say a window is too short (fewer than 5 days cannot hold 5 daily bars).
 */
export function checkSearch(input: SearchInput, today: string, barsInWindow?: number): FormProblem | undefined {
  if (input.ticker === "") return { field: "ticker", message: "Type a ticker (for example AAPL or SPY)." };
  if (input.ticker.length > 32) return { field: "ticker", message: "A ticker is at most 32 characters." };
  if (!realDate(input.start_date)) return { field: "start", message: "The start is not a date (YYYY-MM-DD)." };
  if (!realDate(input.end_date)) return { field: "end", message: "The end is not a date (YYYY-MM-DD)." };
  if (input.start_date >= input.end_date) return { field: "start", message: "The start must be before the end (the end date is exclusive)." };
  if (input.start_date > today) return { field: "start", message: "The window starts in the future: there are no bars there yet." };
  const days = (Date.parse(input.end_date) - Date.parse(input.start_date)) / 86_400_000;
  const bars = barsInWindow ?? (days < MIN_WINDOW_BARS ? days : undefined);
  if (bars !== undefined && bars < MIN_WINDOW_BARS) {
    return { field: "end", message: `The window holds ${bars} daily bar${bars === 1 ? "" : "s"}; a search needs at least ${MIN_WINDOW_BARS}.` };
  }
  if (!Number.isInteger(input.k) || input.k < 1 || input.k > 50) return { field: "k", message: "k is a whole number from 1 to 50." };
  if (input.metric !== "l1" && input.metric !== "l2") return { field: "metric", message: "The metric is l1 or l2." };
  if (input.universe !== undefined && input.universe !== "all") {
    const symbols = input.universe.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
    if (symbols.length === 0) return { field: "several", message: "List at least one ticker to search in (for example MSFT,NVDA,SPY)." };
    if (symbols.length > 1_000) return { field: "several", message: "List at most 1,000 tickers." };
    if (symbols.some((s) => s.length > 32)) return { field: "several", message: "A ticker is at most 32 characters." };
  }
  return undefined;
}
