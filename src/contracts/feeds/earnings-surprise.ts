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
    market_1d: decimal("The market's return (market.ticker, SPY) between the closes of before_date and after_date (decimal); null when it has no close on either date"),
    abnormal_1d: decimal("Market-adjusted (abnormal) day-1 reaction: reaction_1d - market_1d (decimal); null with market_1d"),
    market_5d: decimal("The market's return between the closes of before_date and after_5d_date (decimal); null until day 5, or when it has no close on either date"),
    abnormal_5d: decimal("Market-adjusted (abnormal) day-5 reaction: reaction_5d - market_5d (decimal)"),
    abnormal_note: z.string().nullable().openapi({ description: "Why an abnormal figure is null while its raw one is not (no market close on a date, market closes not loaded); null otherwise" }),
  })
  .openapi("EarningsReaction");

const reportDateBasis = z
  .enum(["nasdaq-calendar", "nasdaq-calendar-last-year"])
  .nullable()
  .openapi({ description: "nasdaq-calendar: the company's row on that day's calendar; nasdaq-calendar-last-year: the prior-year report date a later row gives (time not stated)" });

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
    report_date_basis: reportDateBasis,
    reaction: ReactionSchema.nullable(),
    reaction_note: z.string().nullable().openapi({ description: "Why reaction is null" }),
  })
  .openapi("EarningsQuarter");

const OtherReportSchema = z
  .object({
    fiscal_month: z.string().openapi({ description: "YYYY-MM of the fiscal quarter's end, as the calendar names it" }),
    report_date: z.string().openapi({ description: "YYYY-MM-DD the quarter was reported" }),
    report_time: z.enum(["pre-market", "after-hours", "not-supplied"]),
    report_date_basis: reportDateBasis,
    reaction: ReactionSchema.nullable(),
    reaction_note: z.string().nullable().openapi({ description: "Why reaction is null" }),
  })
  .openapi("EarningsOtherReport");

const FLAG_TEXT =
  "A flag rests on the 90% interval of a mean over the company's reports (Student's t, corrected for the skewness of the stock's " +
  "ordinary market-adjusted returns when at least 100 are known; withheld below 5 reports or when too skewed for their number): " +
  "raised (true) only when the whole interval lies above the threshold, not-raised (false) when it lies below, otherwise null: " +
  "undecided when it contains the threshold, insufficient when there is no interval. Its coverage is measured by a seeded simulation.";

const flagFields = {
  verdict: z.enum(["raised", "not-raised", "undecided", "insufficient"]).openapi({
    description:
      "raised: the interval lies above threshold; not-raised: below it; undecided: it contains threshold; insufficient: no interval (too few reports, or too skewed for their number), nothing can be flagged",
  }),
  reason: z.string().openapi({ description: "The verdict in words, with the interval or why there is none" }),
  rule: z.string(),
  n: z.number().int().openapi({ description: "Reports the mean rests on (independent: their windows share no session)" }),
  mean: decimal("Mean of the per-report values the rule defines; null when n = 0"),
  interval: z
    .object({
      low: decimal("Lower bound; null when withheld"),
      high: decimal("Upper bound; null when withheld"),
      level: z.number().openapi({ description: "Nominal coverage (0.9)" }),
      method: z.enum(["student_t", "skew_corrected_t"]).nullable().openapi({ description: "How the interval was drawn; null when withheld" }),
      withheld: z.string().nullable().openapi({ description: "Why there is no interval; null when there is one" }),
    })
    .openapi({ description: "The 90% interval of mean" }),
  threshold: z.number().openapi({ description: "The value the interval must clear" }),
  reference_skewness: decimal("Skewness of the ordinary market-adjusted returns the interval was corrected for; null: uncorrected (fewer than 100 known)"),
};

const reactionFigure = (description: string) =>
  z
    .object({
      value: z.number().nullable(),
      n: z.number().int(),
      rule: z.string(),
      abnormal: z
        .object({ value: z.number().nullable(), n: z.number().int() })
        .openapi({ description: "The same mean of abnormal_1d (reaction minus the market's over the same sessions); n counts the reactions the market covers" }),
    })
    .openapi({ description: `${description}. Descriptive: four quarters are too few for an interval, none is given` });

const figure = (description: string) =>
  z.object({ value: z.number().nullable(), n: z.number().int(), rule: z.string() }).openapi({ description });

const response = z
  .object({
    ticker: z.string(),
    quarters: z.array(QuarterSchema).openapi({ description: "The quarters the source lists (its last four), oldest first" }),
    other_reports: z.array(OtherReportSchema).openapi({
      description: "Stored report dates of quarters the EPS source does not list (older than its last four), oldest first: their reactions enter the flags, not the beat figures",
    }),
    summary: z.object({
      beat_rate: figure("Share of quarters that beat the estimate, with n and the rule"),
      avg_reaction_on_beats: reactionFigure("Mean 1-day reaction after beats (decimal)"),
      avg_reaction_on_misses: reactionFigure("Mean 1-day reaction after misses (decimal)"),
      high_volatility_event: z
        .object({
          flag: z.boolean().nullable().openapi({ description: "true: report days move the stock at least twice as much as ordinary days; see verdict" }),
          ...flagFields,
          mean_abs_reaction: decimal("Mean over the n reports of |abnormal_1d| / sqrt(sessions) (decimal)"),
          typical_abs_daily_move: decimal("The yardstick of the latest of those reports: mean absolute abnormal daily return of the 250 sessions before it, other reports' news sessions left out"),
        })
        .openapi({
          description:
            "Per report, |abnormal day-1 reaction| (over sqrt(sessions)) divided by the mean absolute abnormal daily return of the 250 sessions " +
            "before it; mean is the mean of those ratios (1: a report day like any other) and threshold is 2. " +
            FLAG_TEXT,
        }),
      buy_the_dip: z
        .object({
          signal: z.boolean().nullable().openapi({ description: "true: post-report drops were bought back beyond the market within the week; see verdict" }),
          ...flagFields,
          recovered: z.number().int().openapi({ description: "Of the n drops, how many had a positive abnormal return from day 1 to day 5" }),
        })
        .openapi({
          description:
            "Over the reports whose abnormal day-1 reaction was negative (with a known day 5): the abnormal return from day 1's close to day 5's " +
            "(stock minus market over those 4 sessions); mean is its mean and threshold is 0. " +
            FLAG_TEXT,
        }),
    }),
    market: z
      .object({
        ticker: z.string().openapi({ description: "The market series every abnormal figure subtracts: SPY (S&P 500 ETF), offline and live" }),
        model: z.string().openapi({ description: "How an abnormal reaction is computed (market-adjusted: beta taken as 1, nothing estimated)" }),
        source: z.string().nullable().openapi({ description: "Where the market's closes came from (yahoo, offline); null when none were loaded" }),
        cached: z.boolean().nullable(),
        note: z.string().nullable().openapi({ description: "Why the market's closes are missing, when they are (every abnormal figure is then null)" }),
      })
      .openapi({ description: "The market series of the abnormal (market-adjusted) reactions" }),
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
  "unstated times, the report day for after-hours) to the close of day 1 (the first session trading on the news) and of day 5. Each " +
  "reaction is given raw and market-adjusted (abnormal): the stock's return minus SPY's over exactly the same two closes (market names " +
  "the series and the model; an abnormal figure is null, with abnormal_note, when SPY has no close on those dates). Stored report dates " +
  "of quarters older than the EPS source's four are listed in other_reports. The summary gives the beat rate and the mean raw and " +
  "abnormal reactions on beats and misses (descriptive), and two flags over every stored report, both on abnormal reactions: the " +
  "high-volatility-event flag (report-day moves against ordinary days', threshold 2x) and the buy-the-dip signal (what day-1 drops did " +
  "from day 1 to day 5, threshold 0). Each states its n, mean and 90% interval, and is true or false only when that interval lies " +
  "wholly on one side of its threshold: null otherwise, with verdict undecided, or insufficient below 5 reports (nothing can be flagged " +
  "from so few), and the reason. 422 for funds, crypto, FX, futures and indices; 404 when the " +
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
