import { z } from "@hono/zod-openapi";
import {
  ANALOG_WEIGHT,
  EVIDENCE_SHRINK_N,
  FIRE_THRESHOLD,
  MIN_LEVEL_DAILY_SIGMAS,
  REGIME_WEIGHT,
  REGIME_Z_SCALE,
  SIGNAL_ANALOGS,
  SIGNAL_REGIME_BARS,
  SIGNAL_RULES_VERSION,
  SIGNAL_WINDOW_BARS,
} from "../../analytics/signal-rules.js";
import { HORIZON_DAYS_MAX } from "../forecasts/forecast-params.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, tickerParam } from "../params.js";
import exampleJson from "./trading-signal.example.json" with { type: "json" };
import { storedBarsField } from "../stored-bars-field.js";

export const SIGNAL_HORIZON_DEFAULT = 30;

/** The signal's holding horizon, shared by every trading route that fires or replays signals. */
export const horizonDaysParam = (what: string) =>
  intParam({
    min: 1,
    max: HORIZON_DAYS_MAX,
    default: SIGNAL_HORIZON_DEFAULT,
    description: `Holding horizon in calendar days (1 to ${HORIZON_DAYS_MAX}, default ${SIGNAL_HORIZON_DEFAULT}); ${what}`,
  });

const params = z.object({
  ticker: tickerParam(),
  horizon_days: horizonDaysParam("the signal is scored at it"),
});

export type TradingSignalParams = z.infer<typeof params>;

const ComponentSchema = z
  .object({
    contribution: z.number().openapi({ description: "What this input added to score (its weight * its score * shrink); positive pushes long" }),
  })
  .catchall(z.unknown());

export const TradingSignalSchema = z
  .object({
    signal_id: z.string().openapi({ description: "Id of this signal in the public log (/trading/signals/history)" }),
    fired_at: z.string().openapi({ description: "When the signal was fired and logged (ISO 8601, UTC)" }),
    ticker: z.string(),
    as_of_date: z.string().openapi({ description: "The last daily bar the signal saw; nothing after it was read" }),
    horizon_days: z.number().int(),
    direction: z.enum(["long", "short", "flat"]),
    conviction: z.number().openapi({ description: "min(1, |score|) for long/short, 0 for flat" }),
    score: z.number().openapi({ description: "Sum of the components' contributions, -1 to 1" }),
    entry: z.object({ price: z.number().openapi({ description: "Close of the as-of bar" }), date: z.string() }),
    stop: z.number().nullable().openapi({ description: "Stop price: the analogs' losing-side percentile, at least 2 daily sigmas from the entry; null for flat" }),
    target: z.number().nullable().openapi({ description: "Target price: the analogs' winning-side percentile, at least 2 daily sigmas from the entry; null for flat" }),
    rule_version: z.number().int().openapi({ description: "Version of the rules (2). A repeated call with the same as-of date and horizon answers the signal already logged (same signal_id)" }),
    expected_return: z
      .object({
        mean: z.number().nullable(),
        median: z.number().nullable(),
        p10: z.number().nullable(),
        p90: z.number().nullable(),
        n: z.number().int().openapi({ description: "Analog outcomes counted at the horizon" }),
        n_independent: z.number().int().openapi({ description: "Of those, outcomes that share no daily return" }),
      })
      .openapi({ description: "Forward return of the asset (not sign-adjusted) at the horizon after the analogs, decimal" }),
    components: z.object({
      analog: ComponentSchema.openapi({ description: "The forward distribution after the latest window's causal analogs" }),
      regime: ComponentSchema.openapi({ description: "The regime label of the latest lookback" }),
      sizing: z
        .object({
          shrink: z.number().openapi({ description: "n_independent / (n_independent + 10); multiplies every contribution (the rule's own, not /position_size's shrink)" }),
          kelly_full_fraction: z.number().openapi({ description: "Long-only Kelly fraction of the same distribution (/position_size), for reference" }),
          contribution: z.null().openapi({ description: "Sizing moves no direction; it scales the others by shrink" }),
        })
        .openapi({ description: "Position sizing of the same distribution" }),
      narrative: z.null().openapi({ description: "Not an input (see narrative_reason)" }),
      narrative_reason: z.string(),
    }),
    rules: z.string().openapi({ description: "The decision rules, with this signal's numbers" }),
    logged: z.literal(true).openapi({ description: "The signal was stored in the log before this answer was sent" }),
    cached: storedBarsField(),
  })
  .openapi("TradingSignal");

const response = TradingSignalSchema;

export const tradingSignalContract: OperationContract<typeof params, typeof response> = {
  operationId: "trading_signal",
  description:
    "A directional signal for one ticker from the analog engine, fired, logged and answered. As of the last daily bar (as_of_date; " +
    `nothing later is read): the latest ${SIGNAL_WINDOW_BARS}-bar window's ${SIGNAL_ANALOGS} closest causal analogs (only windows that end ` +
    "before it starts; l2) and their forward returns at horizon_days (as /forward_distribution with causal=true); the regime of the latest " +
    `${SIGNAL_REGIME_BARS} bars (as /regime_detection). Rules (version ${SIGNAL_RULES_VERSION}): shrink = n_independent / (n_independent + ${EVIDENCE_SHRINK_N}); analog_score = ` +
    `clamp(mean / std, -1, 1) (0 with fewer than two outcomes or no spread); regime_score = clamp(trend_z / ${REGIME_Z_SCALE}, -1, 1); ` +
    `score = ${ANALOG_WEIGHT} * analog_score * shrink + ${REGIME_WEIGHT} * regime_score * shrink. long when score >= ${FIRE_THRESHOLD} and ` +
    `the analog mean > 0; short when score <= -${FIRE_THRESHOLD} and the mean < 0; otherwise flat (the regime alone never fires). ` +
    `conviction = min(1, |score|), 0 for flat. With sigma the daily volatility of the latest ${SIGNAL_WINDOW_BARS} bars (std of daily log returns), ` +
    `down = max(${MIN_LEVEL_DAILY_SIGMAS} * sigma, -P10) and up = max(${MIN_LEVEL_DAILY_SIGMAS} * sigma, P90): long: stop = entry * (1 - down), target = entry * (1 + up); ` +
    "short: stop = entry * (1 + up), target = entry * (1 - down); flat: neither (a level inside one day's noise is not a stop). " +
    "One signal per ticker, as-of date, horizon and rules version is logged: a repeated call answers the logged one. The narrative " +
    "(/api/narrative) is not an input (components.narrative is null with the reason). Every signal is stored in the public log at the moment it is " +
    "fired and scored by a job after its horizon (see /trading/signals/history and /trading/performance). A reference, not advice.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
