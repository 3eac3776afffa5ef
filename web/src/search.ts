import { coveringRange, forwardPath, type Bar } from "./analysis.js";
import { ApiError, type PrecedentApi } from "./api.js";

/** The form's choices, in the API's terms (end_date exclusive). */
export interface SearchInput {
  ticker: string;
  start_date: string;
  end_date: string;
  k: number;
  metric: "l1" | "l2";
  /** Omitted for the ticker's own history; comma-separated symbols or `all` for a cross-asset search. */
  universe?: string;
}

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
  horizons: { horizon_days: number; n: number; p10: number | null; p50: number | null; p90: number | null }[];
  analogs: { forward: { return: number | null; status: string }[] }[];
  analogs_found: number;
  causal: boolean;
}

export interface SearchResult {
  input: SearchInput;
  patterns: PatternsBody;
  queryCloses: number[];
  /** Each match with the ticker whose history it lies in and its next 30 bars (returns from its last close). */
  analogs: (Match & { series: string; forward: number[] })[];
  distribution: ForwardDistributionBody | ApiError;
}

export const FORWARD_BARS = 30;
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

  async load(api: PrecedentApi, ticker: string, start: string, end: string): Promise<Bar[]> {
    if (!this.covers(ticker, start, end)) {
      const body = await api.call<{ bars: Bar[] }>("/get_price_history", { ticker, start_date: start, end_date: end, timeframe: "1d" });
      this.entries.set(ticker.toUpperCase(), { start, end, bars: body.bars });
    }
    return this.get(ticker) ?? [];
  }
}

export type Progress = (done: number, total: number, text: string) => void;

/**
 * One search, call by call: the analogs (/get_patterns), the price history of every series they lie in (for
 * their forward paths and their own charts; one call per series), and the forward distribution of the query
 * ticker's own analogs (/forward_distribution). Each call is paid separately, so each is its own step.
 */
export async function runSearch(api: PrecedentApi, input: SearchInput, histories: HistoryCache, progress: Progress): Promise<SearchResult> {
  const searching = input.universe === "all" ? "every listed series" : input.universe === undefined ? input.ticker : `${input.ticker} and ${input.universe}`;
  progress(0, 3, `Searching ${searching} for the ${input.k} closest windows…`);
  const patterns = await api.call<PatternsBody>("/get_patterns", { ...input, wrap: false, timeframe: "1d" });

  const windows = new Map<string, { first: string; last: string }[]>([[input.ticker, [{ first: input.start_date, last: input.end_date }]]]);
  for (const m of patterns.matches) {
    const series = m.ticker ?? input.ticker;
    windows.set(series, [...(windows.get(series) ?? []), { first: m.dates[0], last: m.dates.at(-1) as string }]);
  }
  const total = windows.size + 2;
  const today = new Date().toISOString().slice(0, 10);
  let done = 1;
  for (const [series, spans] of windows) {
    const range = coveringRange(spans, PAD_DAYS);
    progress(done++, total, `Price history of ${series} (${range.start} to ${range.end})…`);
    await histories.load(api, series, range.start, range.end < today ? range.end : today);
  }

  progress(done, total, `Forward distribution of ${input.ticker}'s own analogs…`);
  const distribution = await api
    .call<ForwardDistributionBody>("/forward_distribution", {
      ticker: input.ticker,
      start_date: input.start_date,
      end_date: input.end_date,
      k: Math.min(50, Math.max(10, input.k)),
      metric: input.metric,
      horizon_days: FORWARD_BARS,
      causal: false,
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
    analogs: patterns.matches.map((m) => {
      const series = m.ticker ?? input.ticker;
      return { ...m, series, forward: forwardPath(histories.get(series) ?? [], m.dates.at(-1) as string, FORWARD_BARS) };
    }),
    distribution,
  };
}
