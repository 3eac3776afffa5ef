import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { tickerParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";
import exampleJson from "./earnings-surprise.example.json" with { type: "json" };

const params = z.object({
  ticker: tickerParam("US company stock symbol (AAPL, MSFT); funds, crypto, FX, futures and indices report no earnings (422)"),
});

const decimal = (description: string) => z.number().nullable().openapi({ description });

const ReactionSchema = z
  .object({
    before_date: z.string().openapi({ description: "Session whose close is the reference before the report (YYYY-MM-DD)" }),
    close_before: z.number(),
    after_date: z.string().openapi({ description: "Day 1: the first session that traded on the news" }),
    close_after: z.number(),
    reaction_1d: z.number().openapi({ description: "close_after / close_before - 1 (decimal)" }),
    sessions: z.number().int().openapi({ description: "Sessions between the two closes: 1, or 2 when the report's session is not stated (the window spans both)" }),
    after_5d_date: z.string().nullable().openapi({ description: "Day 5: the fifth session that traded on the news; null until it is in the stored bars" }),
    reaction_5d: decimal("Close of day 5 / close_before - 1 (decimal); null until day 5 is in the stored bars"),
  })
  .openapi("EarningsReaction");

const QuarterSchema = z
  .object({
    fiscal_quarter_end: z.string().openapi({ description: "End of the fiscal quarter reported, YYYY-MM-DD (not the report date)" }),
    eps_actual: decimal("Reported EPS"),
    eps_estimate: decimal("Consensus EPS estimate before the report"),
    eps_difference: decimal("eps_actual - eps_estimate, as the source gives it"),
    surprise: decimal("(actual - estimate) / |estimate| as the source computes it, decimal (0.0205 = 2.05 %)"),
    currency: z.string().nullable(),
    result: z.enum(["beat", "miss", "in-line"]).nullable().openapi({ description: "actual above, below or equal to the estimate; null when either is missing" }),
    report_date: z.string().nullable().openapi({ description: "YYYY-MM-DD the quarter was reported; null when no stored calendar day names it" }),
    report_time: z.enum(["pre-market", "after-hours", "not-supplied"]).nullable(),
    report_date_basis: z
      .enum(["nasdaq-calendar", "nasdaq-calendar-last-year"])
      .nullable()
      .openapi({ description: "nasdaq-calendar: the company's row on that day's calendar; nasdaq-calendar-last-year: the prior-year report date a later row gives (time not stated)" }),
    reaction: ReactionSchema.nullable(),
    reaction_note: z.string().nullable().openapi({ description: "Why reaction is null" }),
  })
  .openapi("EarningsQuarter");

const figure = (description: string) =>
  z.object({ value: z.number().nullable(), n: z.number().int(), rule: z.string() }).openapi({ description });

const response = z
  .object({
    ticker: z.string(),
    quarters: z.array(QuarterSchema).openapi({ description: "The quarters the source lists (its last four), oldest first" }),
    summary: z.object({
      beat_rate: figure("Share of quarters that beat the estimate, with n and the rule"),
      avg_reaction_on_beats: figure("Mean 1-day reaction after beats (decimal)"),
      avg_reaction_on_misses: figure("Mean 1-day reaction after misses (decimal)"),
      high_volatility_event: z.object({
        flag: z.boolean().nullable(),
        n: z.number().int(),
        rule: z.string(),
        mean_abs_reaction: z.number().nullable(),
        typical_abs_daily_move: z.number().nullable().openapi({ description: "Median absolute daily return of the 250 sessions before the latest report" }),
      }),
      buy_the_dip: z.object({
        signal: z.boolean().nullable(),
        n: z.number().int().openapi({ description: "Reports followed by a 1-day drop with a known day-5 close" }),
        rule: z.string(),
        recovered: z.number().int().openapi({ description: "Of those, how many had a 5-day reaction above the 1-day reaction" }),
      }),
    }),
    coverage: z.object({
      quarters: z.number().int(),
      with_report_date: z.number().int(),
      with_reaction: z.number().int(),
      calendar_days_searched: z.number().int().openapi({ description: "Stored Nasdaq calendar days that mention the ticker" }),
    }),
    sources: z.object({
      eps: z.literal("yahoo").openapi({ description: "Yahoo Finance quoteSummary earningsHistory" }),
      report_dates: z.literal("nasdaq").openapi({ description: "Nasdaq earnings-calendar days stored by this service" }),
      prices: z.string().nullable().openapi({ description: "Where the daily closes came from (yahoo, offline); null when no reaction was computed" }),
      prices_cached: z.boolean().nullable(),
      prices_note: z.string().nullable().openapi({ description: "Why no closes were used, when none were" }),
    }),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("EarningsSurprise");

const description =
  "Earnings surprise history of a company: per quarter the reported and estimated EPS and the surprise (Yahoo Finance earningsHistory, " +
  "its last four quarters, stored 24 hours), the report date and session from the Nasdaq earnings-calendar days this service has stored " +
  "(a recurring job stores the past year of calendar days; a quarter whose report date is not stored has reaction null and says why, " +
  "nothing is guessed), and the price reaction from daily closes: the close before the report (the prior session for pre-market or " +
  "unstated times, the report day for after-hours) to the close of day 1 (the first session trading on the news) and of day 5. The summary " +
  "gives the beat rate, mean reactions on beats and misses, a high-volatility-event flag and a buy-the-dip signal, each with the rule that " +
  "produced it and its n; a flag or signal with too few reports is null. 422 for funds, crypto, FX, futures and indices; 404 when the " +
  "source has no earnings for the symbol; 503 when the source is down and nothing is stored. fetched_at and cached describe the EPS " +
  "snapshot. The example is an answer of the offline example deployment, whose stored calendar days (2024-07-01 to 03) hold no Apple report.";

export type EarningsSurpriseResponse = z.infer<typeof response>;

/** A real answer of the offline example deployment (recorded Yahoo EPS of 2025-02-24; no stored Apple report day), for both paths. */
const example = documentedExample(response, exampleJson);

function contract(operationId: string): OperationContract<typeof params, typeof response> {
  return { operationId, description, params, response, example, errors: ["UNKNOWN_TICKER", "UPSTREAM_UNAVAILABLE", "UPSTREAM_SCHEMA_CHANGED"] };
}

export const earningsSurpriseContract = contract("earnings_surprise");
export const apiEarningsSurpriseContract = contract("api_earnings_surprise");
