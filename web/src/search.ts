import { addDays, coveringRange, forwardPath, type Bar } from "./analysis.js";
import { ApiError, type PrecedentApi } from "./api.js";
import type { SearchInput } from "./form-check.js";
import type { Horizon } from "./reading.js";

export type { SearchInput };

export interface Match {
  dates: string[];
  closes: number[];
  similarity: number;
  match_return: number | null;
  ticker?: string;
}

interface PatternsBody {
  matches: Match[];
  query: { ticker: string; bars: number };
  universe?: { searched: string[]; skipped: { ticker: string; error: string }[] };
}

export interface ForwardDistributionBody {
  horizons: Horizon[];
  analogs: { start_date: string; end_date: string; forward: { return: number | null; status: string }[] }[];
  analogs_found: number;
  causal: boolean;
}

export interface SearchResult {
  input: SearchInput;
  patterns: PatternsBody;
  queryCloses: number[];
  /**
   * Each match with the ticker whose history it lies in, its path over the 30 calendar days after it (returns
   * from its last close) and whether it lies after the query's start (hindsight: not knowable then).
   */
  analogs: (Match & { series: string; forward: number[]; afterQuery: boolean })[];
  /** The k the distribution was asked for (the route takes 10 to 50). */
  distributionK: number;
  distribution: ForwardDistributionBody | ApiError;
}

/** One horizon for the fan, the table, the histogram and the reading: 30 calendar days, as the API counts them. */
export const FORWARD_DAYS = 30;
const EARLIEST = "1970-01-01";
/** Days of history fetched either side of the windows: room for the forward path and for context on the row charts. */
const PAD_DAYS = 60;

/** Price histories already bought in this page, by ticker, with the range each covers. */
export class HistoryCache {
  private readonly entries = new Map<string, { start: string; end: string; bars: Bar[] }>();

  get(ticker: string): Bar[] | undefined {
    return this.entries.get(ticker.toUpperCase())?.bars;
  }

  covers(ticker: string, start: string, end: string): boolean {
    const entry = this.entries.get(ticker.toUpperCase());
    return entry !== undefined && entry.start <= start && entry.end >= end;
  }

  /** How many of the ticker's bars lie in [start, end), when the page holds that stretch of its history. */
  barsIn(ticker: string, start: string, end: string): number | undefined {
    if (!this.covers(ticker, start, end)) return undefined;
    return (this.get(ticker) ?? []).filter((b) => b.date >= start && b.date < end).length;
  }

  /** The ticker's whole history (what *Load price chart* and every search buy for the query ticker). */
  loadWhole(api: PrecedentApi, ticker: string): Promise<Bar[]> {
    return this.load(api, ticker, EARLIEST, new Date().toISOString().slice(0, 10));
  }

  holdsWhole(ticker: string): boolean {
    return this.covers(ticker, EARLIEST, new Date().toISOString().slice(0, 10));
  }

  async load(api: PrecedentApi, ticker: string, start: string, end: string): Promise<Bar[]> {
    if (!this.covers(ticker, start, end)) {
      const body = await api.call<{ bars: Bar[] }>("/get_price_history", { ticker, start_date: start, end_date: end, timeframe: "1d" });
      this.entries.set(ticker.toUpperCase(), { start, end, bars: body.bars });
    }
    return this.get(ticker) ?? [];
  }
}

export type Progress = (done: number, total: number, text: string) => void;

/** With `causal`, an analog counts only when its window and its 30-day outcome both closed by the query's start. */
function knownBefore(m: Match, start: string): boolean {
  return addDays(m.dates.at(-1) as string, FORWARD_DAYS) <= start;
}

/**
 * One search, call by call: the analogs (/get_patterns), the price history of every series they lie in (for
 * their forward paths and their own charts; one call per series, the query ticker's whole history so the price
 * chart never buys it again), and the forward distribution of the query ticker's own analogs
 * (/forward_distribution). Each call is paid separately, so each is its own step. /get_patterns has no causal
 * mode: a causal search asks it for more analogs (the same price) and keeps the k closest that were known
 * before the query.
 */
export async function runSearch(api: PrecedentApi, input: SearchInput, histories: HistoryCache, progress: Progress): Promise<SearchResult> {
  const searching = input.universe === "all" ? "every listed series" : input.universe === undefined ? input.ticker : `${input.ticker} and ${input.universe}`;
  progress(0, 3, `Searching ${searching} for the ${input.k} closest windows…`);
  const { causal, ...params } = input;
  const asked = causal ? Math.min(50, input.k * 3 + 10) : input.k;
  const patterns = await api.call<PatternsBody>("/get_patterns", { ...params, k: asked, wrap: false, timeframe: "1d" });
  const matches = (causal ? patterns.matches.filter((m) => knownBefore(m, input.start_date)) : patterns.matches).slice(0, input.k);

  const windows = new Map<string, { first: string; last: string }[]>();
  for (const m of matches) {
    const series = m.ticker ?? input.ticker;
    if (series.toUpperCase() === input.ticker.toUpperCase()) continue;
    windows.set(series, [...(windows.get(series) ?? []), { first: m.dates[0], last: m.dates.at(-1) as string }]);
  }
  const total = windows.size + 3;
  const today = new Date().toISOString().slice(0, 10);
  let done = 1;
  progress(done++, total, `Price history of ${input.ticker}${histories.holdsWhole(input.ticker) ? " (already loaded)" : ""}…`);
  await histories.loadWhole(api, input.ticker);
  for (const [series, spans] of windows) {
    const range = coveringRange(spans, PAD_DAYS);
    progress(done++, total, `Price history of ${series} (${range.start} to ${range.end})…`);
    await histories.load(api, series, range.start, range.end < today ? range.end : today);
  }

  const distributionK = Math.min(50, Math.max(10, input.k));
  progress(done, total, `Forward distribution of ${input.ticker}'s own analogs…`);
  const distribution = await api
    .call<ForwardDistributionBody>("/forward_distribution", {
      ticker: input.ticker,
      start_date: input.start_date,
      end_date: input.end_date,
      k: distributionK,
      metric: input.metric,
      horizon_days: FORWARD_DAYS,
      causal,
    })
    .catch((error: unknown) => {
      if (error instanceof ApiError) return error;
      throw error;
    });
  progress(total, total, "Done");

  const ownBars = histories.get(input.ticker) ?? [];
  return {
    input,
    patterns,
    queryCloses: ownBars.filter((b) => b.date >= input.start_date && b.date < input.end_date).map((b) => b.close),
    analogs: matches.map((m) => {
      const series = m.ticker ?? input.ticker;
      const forward = forwardPath(histories.get(series) ?? [], m.dates.at(-1) as string, FORWARD_DAYS);
      return { ...m, series, forward, afterQuery: (m.dates.at(-1) as string) >= input.start_date };
    }),
    distributionK,
    distribution,
  };
}
