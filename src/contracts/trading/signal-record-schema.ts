import { z } from "@hono/zod-openapi";
import { isoDateParam, tickerParam } from "../params.js";

/** The optional filters shared by /trading/signals/history and /trading/performance. */
export const signalLogFilters = {
  ticker: tickerParam("Only signals fired for this symbol, spelled as it was requested (default: every ticker)").optional(),
  since: isoDateParam("Only signals fired on or after this UTC date (YYYY-MM-DD; default: the whole log)", "2026-01-01").optional(),
};

export const SignalOutcomeSchema = z
  .object({
    exit: z.enum(["stop", "target", "horizon"]).openapi({ description: "What ended the trade first: the stop, the target, or the horizon close" }),
    exit_date: z.string(),
    exit_price: z.number().openapi({ description: "The level (or the bar's open when it opened beyond it), or the horizon close" }),
    asset_return: z.number().openapi({ description: "exit_price / entry - 1" }),
    signal_return: z.number().openapi({ description: "asset_return for long, -asset_return for short, 0 for flat" }),
    hold_return: z
      .number()
      .nullable()
      .openapi({ description: "Buy-and-hold over the same period: the horizon close / entry - 1, with no stop or target; null for rows scored before it was kept" }),
    scored_at: z.string().openapi({ description: "When the scoring job wrote this outcome (ISO 8601)" }),
  })
  .openapi("TradingSignalOutcome");

export const SignalRecordSchema = z
  .object({
    id: z.string(),
    fired_at: z.string().openapi({ description: "When the signal was fired and logged (ISO 8601, UTC)" }),
    ticker: z.string(),
    as_of_date: z.string().openapi({ description: "Last daily bar the signal saw" }),
    direction: z.enum(["long", "short", "flat"]),
    conviction: z.number(),
    entry: z.number().openapi({ description: "Close of the as-of bar" }),
    stop: z.number().nullable(),
    target: z.number().nullable(),
    horizon_days: z.number().int(),
    expected_return: z.number().nullable().openapi({ description: "Analog mean return at the horizon when fired" }),
    rule_version: z
      .number()
      .int()
      .openapi({ description: "Version of the rules that decided it (2 since shrink n/(n+10) and stops at least 2 daily sigmas; 1 before). The log holds one signal per ticker, as-of date, horizon and version" }),
    due_date: z.string().openapi({ description: "as_of_date + horizon_days: scored on the first run after the bars reach it" }),
    status: z.enum(["pending", "scored"]),
    pending_reason: z.string().nullable().openapi({ description: "Why a due signal is not scored yet (e.g. bars missing); null otherwise" }),
    outcome: SignalOutcomeSchema.nullable().openapi({ description: "null while pending" }),
  })
  .openapi("TradingSignalRecord");
