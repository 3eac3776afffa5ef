import { z } from "@hono/zod-openapi";
import { INTERVAL_TEXT } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, tickerParam } from "../params.js";
import { analogCountParam, horizonListParam, metricParam } from "./forecast-params.js";
import { analogForecastShape } from "./forecast-schemas.js";
import exampleJson from "./api-backtest.example.json" with { type: "json" };

export const API_BACKTEST_LOOKBACK = { min: 5, max: 250, default: 20 } as const;

const params = z.object({
  ticker: tickerParam(),
  lookback: intParam({
    ...API_BACKTEST_LOOKBACK,
    description:
      `The query is the ticker's most recent this-many daily bars (${API_BACKTEST_LOOKBACK.min} to ${API_BACKTEST_LOOKBACK.max}, ` +
      `default ${API_BACKTEST_LOOKBACK.default}); at most half the history, and the bars must not span a data gap`,
  }),
  horizon_days: horizonListParam("7,30"),
  k: analogCountParam(),
  metric: metricParam(),
});

export type ApiBacktestParams = z.infer<typeof params>;

const response = z.object(analogForecastShape).openapi("AnalogBacktest");

export const apiBacktestContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_backtest",
  description:
    "The historical-analog forward-return distribution for the ticker's most recent shape: the last `lookback` daily bars (default " +
    "20) are the query, and the k (default 30, 10 to 50) closest earlier windows of the same length are its analogs, searched " +
    "causally (only windows ending before the query starts: what a walk-forward test standing today could see; exact z-normalised " +
    "search, non-overlapping, no data gaps, no wrapping). Outcomes and distributions are exactly as in /forward_distribution: per " +
    "calendar-day horizon (default 7 and 30), the return from each analog's last close to the last close at or before the horizon, " +
    "counted only when real history reaches it and the outcome ends by the query's first close; P10/P25/P50/P75/P90 (type 7), " +
    "mean, std, min, max, hit rate, n and n_independent. The most recent shape depends on the date of the ticker's latest bar, " +
    "so the figures move as history grows. mode is always causal. Each horizon carries `baseline` (every bar's return over the same " +
    "horizon, closed by the query's first bar), `mean_ci` and `excess_over_baseline`. " +
    INTERVAL_TEXT,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
