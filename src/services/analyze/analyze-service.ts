import { trailingReturn } from "../../analytics/trailing-return.js";
import { HORIZON_DAYS_MAX } from "../../contracts/forecasts/forecast-params.js";
import { validationError } from "../../domain/app-error.js";
import { formatBarTime } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { summarize } from "./answer-sentences.js";
import { parseQuestion, type Interpretation } from "./question-parser.js";
import { planRouteCall, type RouteCall } from "./route-plan.js";

export interface AnalyzeAnswer {
  answer: string;
  interpretation: Interpretation;
  data: Record<string, unknown>;
  /** The routes called, each with the parameters sent (call one for its whole answer). */
  calls: RouteCall[];
}

/**
 * Runs one mounted operation in process with these parameters (validated by its contract) and returns its
 * body: the composition root builds it from the operations the service mounts.
 */
export type RouteCaller = (operationId: string, params: Record<string, unknown>) => Promise<unknown>;

export const UNDERSTOOD_EXAMPLES = [
  "What did SPY do after drops like March 2020?",
  "What happened after AAPL fell 10% in 5 days?",
  "What are the odds NVDA is higher in 30 days?",
  "What regime is BTC in?",
  "How much TSLA should I buy with a $50,000 account?",
  "Did MSFT beat earnings estimates?",
  "Compare NVDA and AMD over the last 6 months",
  "What are the top gainers today?",
];

const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
const day = (ms: number) => formatBarTime(ms, "1d");
const DAY_MS = 86_400_000;

/**
 * Answers a market question: parses it (question-parser.ts, deterministic), calls the route that owns the
 * answer (route-plan.ts) in process, and says in one sentence what that route found, with the interpretation
 * and the call made, so the caller can check the reading and call the route itself for the whole answer.
 */
export class AnalyzeService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly seriesCache: SeriesCache,
    private readonly callRoute: RouteCaller,
    private readonly clock: Clock,
  ) {}

  async analyze(question: string): Promise<AnalyzeAnswer> {
    const outcome = parseQuestion(question, this.resolve, day(this.clock.nowMs()));
    if (!outcome.understood) {
      throw validationError("question", `was not understood: it ${outcome.reason}. Questions it understands look like: ${UNDERSTOOD_EXAMPLES.join(" | ")}`);
    }
    const interpretation = outcome.interpretation;
    // The routes that answer take horizons of 1 to 365 days; a question naming another one is refused, not logged.
    if (interpretation.horizonDays !== null && (interpretation.horizonDays < 1 || interpretation.horizonDays > HORIZON_DAYS_MAX)) {
      throw validationError("question", `names a horizon of ${interpretation.horizonDays} days; horizons of 1 to ${HORIZON_DAYS_MAX} days are understood`);
    }
    if (interpretation.intent === "compare") return this.compare(interpretation);
    const call = await planRouteCall(interpretation, { lastBarDate: (ticker) => this.lastBarDate(ticker) });
    const body = await this.callRoute(call!.operationId, call!.params);
    const { answer, data } = summarize(call!.operationId, call!.path, body);
    return { answer, interpretation, data, calls: [call!] };
  }

  private async lastBarDate(ticker: string): Promise<string> {
    const { series } = await this.seriesCache.load(ticker, "1d");
    return day(series.timesMs[series.timesMs.length - 1]);
  }

  /** Two assets' returns over the window or span the question names (default the last 30 days), to each one's last bar. */
  private async compare(i: Interpretation): Promise<AnalyzeAnswer> {
    const days = i.window === null ? (i.horizonDays ?? 30) : Math.max(1, Math.round((Date.parse(i.window.end) - Date.parse(i.window.start)) / DAY_MS));
    const rows = await Promise.all(
      i.tickers.slice(0, 2).map(async (ticker) => {
        const { series } = await this.seriesCache.load(ticker, "1d");
        const end = series.closes.length - 1;
        const r = trailingReturn(series, end, days);
        return { ticker: series.ticker, return: r.value, from_date: r.fromIndex === null ? null : day(series.timesMs[r.fromIndex]), to_date: day(series.timesMs[end]) };
      }),
    );
    const [x, y] = rows;
    const leader = x.return === null || y.return === null ? null : x.return >= y.return ? x : y;
    const answer =
      leader === null
        ? `${x.ticker} moved ${pct(x.return)} and ${y.ticker} ${pct(y.return)} over the last ${days} days; one history is too short to compare.`
        : `Over the last ${days} days ${x.ticker} moved ${pct(x.return)} (to ${x.to_date}) and ${y.ticker} ${pct(y.return)} (to ${y.to_date}), so ${leader.ticker} did better.`;
    const calls = rows.map((row) => ({ operationId: "get_price_history", path: "/get_price_history", params: { ticker: row.ticker, start_date: row.from_date, end_date: row.to_date } }));
    return { answer, interpretation: i, data: { days, assets: rows }, calls };
  }
}
