import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { signalLogFilters } from "./signal-record-schema.js";
import { TRADING_PERFORMANCE_EXAMPLE } from "./trading-examples.js";

const params = z.object(signalLogFilters);

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

const response = z
  .object({
    ticker: z.string().nullable(),
    since: z.string().nullable(),
    overall: FiguresSchema,
    per_ticker: z.array(FiguresSchema.extend({ ticker: z.string() })).openapi({ description: "Every ticker in the selection, alphabetical" }),
    risk_adjusted_formula: z.string(),
    mode: z.literal("live").openapi({ description: "Figures from the scored log of signals really fired (a backtest mode is not offered yet)" }),
  })
  .openapi("TradingPerformance");

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
    "An empty selection is a 200 with zero counts and null figures.",
  params,
  response,
  example: TRADING_PERFORMANCE_EXAMPLE,
  errors: [],
};
