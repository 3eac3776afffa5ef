import { z } from "@hono/zod-openapi";
import { INTERVAL_TEXT, evidenceShape, ModeSchema } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, tickerParam } from "../params.js";
import { AnalogRowSchema, HistoryEchoSchema, WindowEchoSchema } from "./forecast-schemas.js";
import exampleJson from "./regime-detection.example.json" with { type: "json" };

export const REGIME_LOOKBACK = { min: 10, max: 250, default: 60 } as const;

const params = z.object({
  ticker: tickerParam(),
  lookback_days: intParam({
    ...REGIME_LOOKBACK,
    description:
      `The most recent this-many daily bars (trading days for stocks, calendar days for crypto; ${REGIME_LOOKBACK.min} to ` +
      `${REGIME_LOOKBACK.max}, default ${REGIME_LOOKBACK.default}); at most half the history, and the bars must not span a data gap`,
  }),
});

const RegimeSchema = z
  .object({
    label: z.string().openapi({ description: "The two states in words, e.g. 'uptrend, high volatility'" }),
    trend: z.enum(["uptrend", "downtrend", "range"]).openapi({
      description: "uptrend when trend_z >= trend_z_threshold, downtrend when trend_z <= -trend_z_threshold, else range",
    }),
    volatility: z.enum(["low", "normal", "high"]).openapi({
      description: "low when vol_percentile < vol_percentile_low, high when > vol_percentile_high, else normal",
    }),
    lookback_return: z.number().openapi({ description: "Last close over first close of the window, minus 1" }),
    daily_vol: z.number().openapi({ description: "Sample std of the window's daily log returns (bars - 1 of them)" }),
    trend_z: z.number().openapi({
      description: "ln(1 + lookback_return) / (daily_vol * sqrt(bars - 1)): the move in units of a driftless walk's spread; 0 for a flat window",
    }),
    bars_per_year: z.number().openapi({ description: "Bars in the 365 days up to the last bar (about 252 for stocks, 365 for crypto)" }),
    annualized_vol: z.number().openapi({ description: "daily_vol * sqrt(bars_per_year)" }),
    vol_percentile: z.number().openapi({
      description: "Share (0 to 1) of every gap-free window of the same length ending at or before the last bar whose daily_vol is <= this one",
    }),
    vol_windows_compared: z.number().int().openapi({ description: "Windows in that share (rolling, so overlapping: a rank, not a test)" }),
    trend_z_threshold: z.number(),
    vol_percentile_low: z.number(),
    vol_percentile_high: z.number(),
  })
  .openapi("RegimeLabel");

const ForwardSummarySchema = z
  .object({
    horizon_days: z.number().int(),
    n: z.number().int().openapi({ description: "Analogs whose outcome counts (see ForecastAnalogForward.status)" }),
    n_independent: z.number().int().openapi({ description: "Of those, how many share no daily return with each other" }),
    mean: z.number().nullable().openapi({ description: "Mean outcome, decimal; null when n = 0" }),
    median: z.number().nullable().openapi({ description: "Median outcome, decimal; null when n = 0" }),
    hit_rate: z.number().nullable().openapi({ description: "Share of outcomes above zero; null when n = 0" }),
    ...evidenceShape,
  })
  .openapi("RegimeForwardSummary");

export type RegimeDetectionParams = z.infer<typeof params>;

const response = z
  .object({
    ticker: z.string(),
    as_of: z.string().openapi({ description: "Date of the ticker's latest bar: the window ends there" }),
    lookback_days: z.number().int(),
    window: WindowEchoSchema,
    regime: RegimeSchema,
    analogs: z.array(AnalogRowSchema).openapi({ description: "The 3 closest earlier windows, closest first, with 7- and 30-day outcomes" }),
    mode: ModeSchema,
    forward_summary: z.array(ForwardSummarySchema).openapi({ description: "Per horizon (7 and 30 calendar days), over the analogs" }),
    history: HistoryEchoSchema,
    method: z.string().openapi({ description: "How the label and the analogs were derived, with the numbers used" }),
    cached: z.boolean(),
  })
  .openapi("RegimeDetection");

export const regimeDetectionContract: OperationContract<typeof params, typeof response> = {
  operationId: "regime_detection",
  description:
    "The regime of the ticker's most recent lookback_days daily bars (default 60, 10 to 250). Analogs: the 3 closest earlier windows " +
    "of the same length by z-normalised L2 shape (exact causal search: only windows ending before the query starts, non-overlapping, " +
    "no data gaps), each with its return 7 and 30 calendar days after its last close, counted as in /forward_distribution, and a " +
    "per-horizon summary with n. Label: trend from trend_z = ln(1 + window return) / (std of daily log returns * sqrt(bars - 1)), " +
    "uptrend at >= 1, downtrend at <= -1, else range; volatility from the percentile of the window's realised daily volatility among " +
    "all gap-free windows of the same length in the ticker's own history up to the last bar: low below 0.25, high above 0.75, else " +
    "normal. Nothing after the last bar is read, so a label never changes in hindsight (mode is always causal). Each forward_summary " +
    "entry carries `baseline` (every bar's return over the same horizon, closed by the window's first bar), `mean_ci` and " +
    "`excess_over_baseline`: 3 analogs are too few for an interval, and the answer says so in `mean_ci.withheld`; ask /forward_distribution " +
    "with a larger k for one. The p-values are adjusted across the forward horizons. " +
    INTERVAL_TEXT +
    " The method field restates this with the numbers.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
