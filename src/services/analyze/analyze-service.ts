import { alignedReturns } from "../../analytics/aligned-returns.js";
import { pearson } from "../../analytics/correlation.js";
import { trailingReturn } from "../../analytics/trailing-return.js";
import { HORIZON_DAYS_MAX } from "../../contracts/forecasts/forecast-params.js";
import { validationError } from "../../domain/app-error.js";
import { DAY_MS, formatBarTime } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { PatternBacktestService } from "../forecasts/pattern-backtest-service.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { NarrativeService } from "../narrative/narrative-service.js";
import type { SignalService } from "../trading/signal-service.js";
import { parseQuestion, type Interpretation } from "./question-parser.js";

export interface AnalyzeAnswer {
  answer: string;
  interpretation: Interpretation;
  data: Record<string, unknown>;
  routesUsed: string[];
}

export const UNDERSTOOD_EXAMPLES = [
  "What happened after AAPL fell 10% in 5 days?",
  "What is the price of bitcoin?",
  "Compare NVDA and MSFT over 3 months",
  "How correlated are gold and SPY over 12 months?",
  "Is there a signal on TSLA?",
  "What is the news sentiment on AAPL?",
];

const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
const day = (ms: number) => formatBarTime(ms, "1d");

/** Answers a market question by parsing it (question-parser.ts) and calling the service that owns the answer. */
export class AnalyzeService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly seriesCache: SeriesCache,
    private readonly backtests: PatternBacktestService,
    private readonly signals: SignalService,
    private readonly narratives: NarrativeService,
  ) {}

  async analyze(question: string): Promise<AnalyzeAnswer> {
    const parsed = parseQuestion(question, this.resolve);
    if (parsed === null) {
      throw validationError("question", `found no ticker or intent it understands; it understands questions such as: ${UNDERSTOOD_EXAMPLES.join(" | ")}`);
    }
    // The routes that answer take horizons of 1 to 365 days; a question naming another one is refused, not logged.
    if (parsed.horizonDays !== null && (parsed.horizonDays < 1 || parsed.horizonDays > HORIZON_DAYS_MAX)) {
      throw validationError("question", `names a horizon of ${parsed.horizonDays} days; horizons of 1 to ${HORIZON_DAYS_MAX} days are understood`);
    }
    const [a, b] = parsed.tickers;
    switch (parsed.intent) {
      case "move_after":
        return this.moveAfter(parsed, a);
      case "correlation":
        return this.correlation(parsed, a, b);
      case "compare":
        return this.compare(parsed, a, b);
      case "signal": {
        const { signal } = await this.signals.fire({ ticker: a, horizonDays: parsed.horizonDays ?? 30 });
        const call = signal.direction === "flat" ? "no call (flat)" : `${signal.direction} with conviction ${signal.conviction.toFixed(2)}`;
        return {
          answer: `The ${signal.horizonDays}-day signal for ${signal.ticker} as of ${signal.asOfDate} is ${call}, entry ${signal.entryPrice}; it was logged as ${signal.id}.`,
          interpretation: parsed,
          data: { signal_id: signal.id, as_of_date: signal.asOfDate, direction: signal.direction, conviction: signal.conviction, entry: signal.entryPrice, stop: signal.stopPrice, target: signal.targetPrice, horizon_days: signal.horizonDays },
          routesUsed: ["/trading/signal"],
        };
      }
      case "narrative": {
        const n = await this.narratives.narrative(a);
        const mood = n.sentiment.value === null ? `no sentiment reading (${n.sentiment.reason})` : `${n.sentiment.label} sentiment (${n.sentiment.value.toFixed(3)}) over ${n.news.headlines.length} headlines`;
        return {
          answer: `${n.series.ticker} news shows ${mood}; its one-month move is ${pct(n.momentum[1].trailing.value)}.`,
          interpretation: parsed,
          data: { sentiment: n.sentiment, theme: n.theme.theme, headlines: n.news.headlines.length, news_source: n.news.source, month_return: n.momentum[1].trailing.value },
          routesUsed: ["/api/narrative"],
        };
      }
      case "latest_price": {
        const { series } = await this.seriesCache.load(a, "1d");
        const last = series.closes.length - 1;
        return {
          answer: `${series.ticker} last closed at ${series.closes[last]} on ${day(series.timesMs[last])}.`,
          interpretation: parsed,
          data: { ticker: series.ticker, close: series.closes[last], date: day(series.timesMs[last]) },
          routesUsed: ["/get_price_history"],
        };
      }
    }
  }

  private async moveAfter(parsed: Interpretation, ticker: string): Promise<AnalyzeAnswer> {
    const move = parsed.move!;
    const forwardBars = parsed.horizonDays === null ? 20 : Math.max(1, Math.round((parsed.horizonDays * 5) / 7));
    const { series, backtest } = await this.backtests.run({ ticker, lookbackBars: move.lookbackBars, forwardBars, minReturn: move.return });
    const s = backtest.independentStats;
    const side = move.return < 0 ? "fell" : "rose";
    return {
      answer:
        `After ${series.ticker} ${side} ${pct(Math.abs(move.return))} or more within ${move.lookbackBars} bars, it moved ${pct(s.mean)} on average over the next ` +
        `${forwardBars} bars (median ${pct(s.p50)}, up ${pct(s.hitRate)} of the time, ${s.n} non-overlapping cases).`,
      interpretation: parsed,
      data: { lookback_bars: move.lookbackBars, forward_bars: forwardBars, min_return: move.return, n_independent: s.n, mean: s.mean, median: s.p50, hit_rate: s.hitRate, n_all: backtest.completed.length },
      routesUsed: ["/pattern_backtest"],
    };
  }

  private async compare(parsed: Interpretation, a: string, b: string): Promise<AnalyzeAnswer> {
    const days = parsed.horizonDays ?? 30;
    const rows = await Promise.all(
      [a, b].map(async (ticker) => {
        const { series } = await this.seriesCache.load(ticker, "1d");
        const end = series.closes.length - 1;
        const r = trailingReturn(series, end, days);
        return { ticker: series.ticker, return: r.value, from_date: r.fromIndex === null ? null : day(series.timesMs[r.fromIndex]), to_date: day(series.timesMs[end]) };
      }),
    );
    const [x, y] = rows;
    const leader = x.return === null || y.return === null ? null : x.return >= y.return ? x : y;
    return {
      answer:
        leader === null
          ? `${x.ticker} moved ${pct(x.return)} and ${y.ticker} ${pct(y.return)} over the last ${days} days; one history is too short to compare.`
          : `Over the last ${days} days ${x.ticker} moved ${pct(x.return)} (to ${x.to_date}) and ${y.ticker} ${pct(y.return)} (to ${y.to_date}), so ${leader.ticker} did better.`,
      interpretation: parsed,
      data: { days, assets: rows },
      routesUsed: ["/get_price_history"],
    };
  }

  private async correlation(parsed: Interpretation, a: string, b: string): Promise<AnalyzeAnswer> {
    const days = parsed.horizonDays ?? 365;
    const [sa, sb] = await Promise.all([a, b].map(async (t) => (await this.seriesCache.load(t, "1d")).series));
    const endMs = Math.min(sa.timesMs[sa.timesMs.length - 1], sb.timesMs[sb.timesMs.length - 1]);
    const aligned = alignedReturns([sa, sb], endMs - days * DAY_MS, endMs + 1);
    const r = pearson(aligned.returns[0], aligned.returns[1]);
    return {
      answer: `The correlation of ${sa.ticker} and ${sb.ticker} daily returns over the ${days} days to ${day(endMs)} is ${r === null ? "undefined (too few shared days)" : r.toFixed(2)} (${aligned.timesMs.length} shared days).`,
      interpretation: parsed,
      data: { days, correlation: r, n_returns: aligned.timesMs.length, to_date: day(endMs) },
      routesUsed: ["/correlation_matrix"],
    };
  }
}
