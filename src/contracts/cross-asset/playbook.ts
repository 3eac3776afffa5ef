import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, intParam, isoDateParam, symbolListParam, tickerParam } from "../params.js";
import { METRICS } from "../patterns/pattern-params.js";
import { horizonListParam } from "./horizon-list-param.js";
import { INTERVAL_TEXT, evidenceShape, ModeSchema } from "../evidence-schemas.js";
import { distributionFields } from "./outcome-schemas.js";
import exampleJson from "./playbook.example.json" with { type: "json" };
import { storedBarsField } from "../stored-bars-field.js";

const params = z
  .object({
    ticker: tickerParam("The asset whose window is matched (daily bars)"),
    start_date: isoDateParam("Window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
    end_date: isoDateParam("Window end, exclusive (YYYY-MM-DD)", "2024-11-01"),
    peers: symbolListParam({ min: 1, max: 10, description: "Comma-separated peer symbols, 1 to 10", example: "MSFT,QQQ" }),
    k: intParam({ min: 5, max: 50, default: 20, description: "Analogs of the window used as events (5 to 50, default 20)" }),
    horizon_days: horizonListParam({
      default: "7,30",
      description: "Comma-separated forward horizons in calendar days, 1 to 5 of them, each 1 to 365 (default 7,30)",
    }),
    metric: enumParam(METRICS, { default: "l2", description: "Distance of the analog search, as in /get_patterns" }),
    lead_lag_window: intParam({
      min: 60,
      max: 2520,
      default: 250,
      description: "Latest aligned daily returns before end_date used for the lead-lag correlations (60 to 2520, default 250, about a year)",
    }),
  })
  .refine((p) => p.start_date < p.end_date, { message: "must be before end_date (end_date is exclusive)", path: ["start_date"] });
export type PlaybookParams = z.infer<typeof params>;

const OutcomeSchema = z
  .object({
    horizon_days: z.number().int().openapi({ description: "Calendar days after each analog's last date" }),
    ...distributionFields,
    returns: z.array(z.number().nullable()).openapi({ description: "Per analog, in the order of `analogs`: the return, or null when history cannot tell" }),
    ...evidenceShape,
  })
  .openapi("PlaybookOutcome");

const LagSchema = z
  .object({
    lag_days: z.number().int().openapi({ description: "Positive: the peer moves that many trading days after the ticker (the ticker leads)" }),
    correlation: z.number().nullable().openapi({ description: "Pearson correlation of the ticker's return on day t with the peer's on day t + lag_days" }),
    n: z.number().int().openapi({ description: "Return pairs behind the correlation" }),
  })
  .openapi("LagCorrelation");

const LeadLagSchema = z
  .object({
    returns: z.number().int().openapi({ description: "Aligned daily returns in the sample" }),
    from_date: z.string().openapi({ description: "Date of the first return in the sample" }),
    to_date: z.string().openapi({ description: "Date of the last return in the sample (before end_date)" }),
    lag0: LagSchema,
    best: LagSchema.nullable().openapi({ description: "The lag with the largest |correlation|; ties go to the shorter lag" }),
    by_lag: z.array(LagSchema).openapi({ description: "Lags -5 to +5" }),
    noise_band_95: z.number().openapi({
      description: "1.96 / sqrt(returns): a single lag's |correlation| below this is indistinguishable from zero at about 95%; the best of 11 lags needs more",
    }),
  })
  .openapi("LeadLag");

const PeerSchema = z
  .object({
    ticker: z.string(),
    status: z.enum(["ok", "unknown_ticker", "no_data", "range_unavailable", "upstream_unavailable"]).openapi({ description: "Per-peer outcome; anything but ok carries an error" }),
    error: z.string().optional().openapi({ description: "Present when the peer failed" }),
    outcomes: z.array(OutcomeSchema).openapi({ description: "One entry per horizon; empty when the peer failed" }),
    lead_lag: LeadLagSchema.nullable().openapi({ description: "Null when the peer failed or shares fewer than 20 daily returns with the ticker before end_date" }),
  })
  .openapi("PlaybookPeer");

const response = z
  .object({
    ticker: z.string(),
    start_date: z.string(),
    end_date: z.string().openapi({ description: "Exclusive" }),
    metric: z.enum(METRICS),
    horizon_days: z.array(z.number().int()),
    lead_lag_window: z.number().int(),
    query: z.object({
      bars: z.number().int().openapi({ description: "Bars in the window" }),
      query_return: z.number().openapi({ description: "Return inside the window, decimal" }),
      history_bars: z.number().int().openapi({ description: "Bars of the ticker's history searched" }),
      cached: storedBarsField(),
    }),
    analogs: z
      .array(
        z.object({
          start_date: z.string(),
          end_date: z.string().openapi({ description: "Last date of the analog (inclusive): the moment every peer is aligned to" }),
          similarity: z.number().openapi({ description: "Lower = closer, as in /get_patterns" }),
          match_return: z.number().nullable().openapi({ description: "The ticker's return inside the analog, decimal (never null here: wrapped windows are not searched)" }),
        }),
      )
      .openapi({ description: "The events: the window's analogs in the ticker's own history, best first, never overlapping the window or each other" }),
    mode: ModeSchema,
    ticker_outcomes: z.array(OutcomeSchema).openapi({ description: "What the ticker itself did after its analogs, per horizon, for comparison" }),
    peers: z.array(PeerSchema).openapi({ description: "In request order" }),
  })
  .openapi("Playbook");

export const playbookContract: OperationContract<typeof params, typeof response> = {
  operationId: "playbook",
  description:
    "Cross-asset signal propagation: what each peer did after the historical analogs of the ticker's window [start_date, end_date). " +
    "Events: the k closest analogs of the window in the ticker's own daily history (the exact /get_patterns search; no wrapped " +
    "windows; analogs never overlap the window or each other, so each is a separate episode). For each analog, each peer is aligned to " +
    "the analog's last date T: from the peer's last close on or before T (ignored when older than 4 days, i.e. the peer was not trading) " +
    "to its last close on or before T + horizon calendar days. Only real history counts: an analog whose horizon the peer's data has " +
    "not reached (no bar at or after T + horizon) is left out and not counted in n. Per peer and horizon: P10/P25/P50/P75/P90, mean, " +
    "hit rate (share above zero) and n, plus the per-analog returns; the ticker's own outcomes come alongside for comparison. Lead-lag: " +
    "Pearson correlations of the ticker's and the peer's daily simple returns on the dates both trade (intersection; returns from one " +
    "common date to the next; a step across a data hole or a non-positive price is left out), over the latest lead_lag_window returns " +
    "before end_date, at lags -5 to +5 positions of that return sequence (trading days); lag_days > 0 " +
    "pairs the ticker's return on day t with the peer's on day t + lag (the ticker leads). Reported: every lag, lag 0, the lag with the " +
    "largest |correlation| (ties to the shorter lag), each with its n, and a 95% noise band. A peer that fails (unknown, no data, " +
    "upstream trouble) keeps its row with a status and error inside the 200 response; when every peer fails the answer is the error they share and nothing is charged; the ticker itself failing is an error " +
    "(404 UNKNOWN_TICKER / NO_DATA, 422 for a window that is too short, too long or spans a gap). No look-ahead across assets: an " +
    "analog that ends before the window and whose horizon reaches into it (or past its end) gives null for the ticker and every " +
    "peer alike, so no outcome is made of the window's own dates or the move that followed them. Beside each outcome distribution " +
    "(ticker and peers): `baseline` (that series' return from every bar over the same horizon, whole history: mode full_history), " +
    "`mean_ci` (interval of the mean of the independent moves, whose [analog start, last date + horizon] spans share no " +
    "day) and `excess_over_baseline`, whose p-values are adjusted across every series and horizon of the answer (Holm). " +
    INTERVAL_TEXT,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
