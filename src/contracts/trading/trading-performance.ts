import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam } from "../params.js";
import { SignalRecordSchema, signalLogFilters } from "./signal-record-schema.js";
import { horizonDaysParam } from "./trading-signal.js";
import exampleJson from "./trading-performance.example.json" with { type: "json" };

const params = z
  .object({
    ...signalLogFilters,
    mode: enumParam(["live", "backtest"] as const, {
      default: "live",
      description: "live: the scored log of signals really fired; backtest: the same rules replayed walk-forward over one ticker's stored history",
    }),
    horizon_days: horizonDaysParam("mode=backtest only: the horizon of every replayed signal"),
  })
  .refine((p) => p.mode !== "backtest" || p.ticker !== undefined, { message: "is required with mode=backtest (a backtest replays one ticker)", path: ["ticker"] });

export type TradingPerformanceParams = z.infer<typeof params>;

const FiguresSchema = z
  .object({
    n_scored: z.number().int(),
    n_pending: z.number().int().openapi({ description: "Logged but not scored yet (not due, or bars missing): counted, never in the figures" }),
    n_flat_scored: z.number().int().openapi({ description: "Scored flat signals: they hold nothing, so they are not in the returns" }),
    n_directional: z.number().int().openapi({ description: "Scored long and short signals: the sample of every figure below" }),
    win_rate: z.number().nullable().openapi({ description: "Share of directional signals whose signal_return > 0; null without any" }),
    average_return: z.number().nullable().openapi({ description: "Mean signal_return, decimal" }),
    median_return: z.number().nullable(),
    std: z.number().nullable().openapi({ description: "Sample standard deviation (n - 1) of signal_return" }),
    risk_adjusted_ratio: z.number().nullable().openapi({ description: "average_return / std, per trade; null below two trades or with no spread" }),
  })
  .openapi("TradingPerformanceFigures");

const MeanFigureSchema = z
  .object({
    n: z.number().int().openapi({ description: "Trades in the figure" }),
    mean: z.number().nullable().openapi({ description: "Mean return per trade, decimal; null without trades" }),
    low: z.number().nullable().openapi({ description: "Lower end of the 90% Student t interval of the mean; null when withheld" }),
    high: z.number().nullable(),
    level: z.number().openapi({ description: "0.9" }),
    withheld: z.string().nullable().openapi({ description: "Why there is no interval (fewer than 5 trades); null when there is one" }),
  })
  .openapi("TradeMean");

const BaselinesSchema = z
  .object({
    strategy: MeanFigureSchema.openapi({ description: "The scored long and short signals' signal_return" }),
    buy_and_hold: MeanFigureSchema.openapi({ description: "hold_return of the same trades: long from the same entry to the horizon close, no stop, no target" }),
    excess_over_hold: MeanFigureSchema.openapi({ description: "Per trade, signal_return - hold_return (paired): above 0 beyond its interval is an edge over holding" }),
    random_entry: z
      .object({
        draws: z.number().int(),
        trades: z.number().int().openapi({ description: "Trades redrawn (their bars could be loaded)" }),
        mean: z.number().openapi({ description: "Mean over draws of a draw's mean return per trade" }),
        low: z.number().openapi({ description: "5th percentile of the draws' means" }),
        high: z.number().openapi({ description: "95th percentile of the draws' means" }),
        strategy_beats: z.number().openapi({ description: "Share of draws whose mean is below the strategy's" }),
      })
      .nullable()
      .openapi({
        description:
          "Random entries with the same exposure: per trade, the same ticker, direction, horizon and stop and target distances, at an as-of bar " +
          "drawn uniformly from the bars the selection's signals of that ticker span, scored as the log scores; 500 draws with a fixed seed " +
          "(the same selection always gets the same baseline). null without a scored directional trade whose bars could be loaded",
      }),
    verdict: z.string().openapi({ description: "The comparison in plain words. An edge needs excess_over_hold's interval above 0 and strategy_beats >= 0.95" }),
  })
  .openapi("TradingBaselines");

const response = z
  .object({
    ticker: z.string().nullable(),
    since: z.string().nullable(),
    overall: FiguresSchema,
    per_ticker: z.array(FiguresSchema.extend({ ticker: z.string() })).openapi({ description: "Every ticker in the selection, alphabetical" }),
    risk_adjusted_formula: z.string(),
    baselines: BaselinesSchema.openapi({ description: "The strategy beside what a buyer gets without it: buy-and-hold over the same periods and random entries, with intervals" }),
    mode: z.enum(["live", "backtest"]).openapi({ description: "live: figures from the scored log of signals really fired; backtest: from the walk-forward replay below" }),
    backtest: z
      .object({
        label: z.string().openapi({ description: "Says, in words, that these are replayed, not fired, signals" }),
        horizon_days: z.number().int(),
        first_as_of: z.string().nullable().openapi({ description: "As-of date of the first replayed signal" }),
        history_ends: z.string().openapi({ description: "Last stored bar the replay could read (and the scored_at of its outcomes)" }),
        source: z.string().openapi({ description: "Where the bars came from (yahoo, or offline for a MARKET_DATA_DIR dataset)" }),
        method: z.string(),
        signals: z.array(SignalRecordSchema).openapi({ description: "Every replayed signal, oldest first; ids are backtest_<as-of date> and are not in the log" }),
      })
      .nullable()
      .openapi({ description: "mode=backtest only (null in live mode)" }),
  })
  .openapi("TradingPerformance");

export const BACKTEST_METHOD =
  "a signal at bar t is decided exactly as /trading/signal decides at that as-of bar, from bars up to t only (causal analogs whose " +
  "outcomes closed before the window, the regime of the 60 bars ending at t); it is scored as the log scores " +
  "(stop or target first, else the horizon close); the next signal is replayed at the first bar after that horizon close, so horizons " +
  "never overlap; flat signals take their horizon too. since sets the first as-of date (default: the first bar with 119 bars before " +
  "it); the last signal stays pending when its horizon passes the end of the history, and a signal whose horizon falls in a gap " +
  "(a 1-day horizon from a Friday) stays pending with the reason while the replay goes on at the next bar.";

export const RISK_ADJUSTED_FORMULA =
  "risk_adjusted_ratio = mean(signal_return) / std(signal_return) over scored long and short signals: a per-trade Sharpe ratio with " +
  "no risk-free rate and no annualisation (horizons differ between signals).";

export const tradingPerformanceContract: OperationContract<typeof params, typeof response> = {
  operationId: "trading_performance",
  description:
    "The track record of the signals /trading/signal has fired, computed from the scored log only (never recomputed with hindsight): " +
    "n scored and n pending, win rate, average and median return and a risk-adjusted ratio, overall and per ticker. A signal's return " +
    "is its exit price (stop or target if one was reached first, else the horizon close) over its entry, minus 1, sign-flipped for " +
    `short; flat signals score 0 and are left out of the returns. ${RISK_ADJUSTED_FORMULA} Filters: ticker, since (fired on or after). ` +
    "Version-1 rows logged again on repeated calls count once. Beside the figures, `baselines` compares the trades with buy-and-hold " +
    "over the same periods (paired) and with random entries of the same exposure and stops, each with a 90% interval, and says in " +
    "`verdict` whether the rules have an edge. An empty selection serves nothing: 404 UNKNOWN_TICKER for a ticker the price source " +
    "does not know, else 404 NO_DATA, neither charged. mode=backtest (ticker required) instead replays the same rules " +
    `walk-forward over the ticker's stored daily history: ${BACKTEST_METHOD} The figures then describe the replay, and the body says ` +
    "so (mode, backtest.label).",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
