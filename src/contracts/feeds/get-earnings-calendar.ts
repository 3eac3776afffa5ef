import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { isoDateParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({
  date: isoDateParam("Day of the reports, YYYY-MM-DD (default: today in UTC)", "2024-07-01").optional(),
});

const EarningsRowSchema = z
  .object({
    symbol: z.string(),
    name: z.string().nullable(),
    time: z.enum(["pre-market", "after-hours", "not-supplied"]).openapi({ description: "When in the day the company reports" }),
    eps_forecast: z.number().nullable().openapi({ description: "Consensus EPS forecast, USD; null when none" }),
    num_estimates: z.number().int().nullable().openapi({ description: "Number of analyst estimates behind the forecast" }),
    market_cap: z.number().nullable().openapi({ description: "Market capitalisation, USD" }),
    fiscal_quarter_ending: z.string().nullable().openapi({ description: "Fiscal quarter reported, as Nasdaq writes it (Mar/2024)" }),
    last_year_eps: z.number().nullable().openapi({ description: "EPS of the same quarter a year earlier, USD" }),
    last_year_report_date: z.string().nullable().openapi({ description: "YYYY-MM-DD of last year's report" }),
    eps: z.number().nullable().openapi({ description: "Reported EPS, USD (past dates only; else null)" }),
    surprise_pct: z.number().nullable().openapi({ description: "Reported versus forecast EPS, percent as Nasdaq gives it (past dates only; else null)" }),
  })
  .openapi("EarningsCalendarRow");

const response = z
  .object({
    date: z.string().openapi({ description: "The day listed, YYYY-MM-DD" }),
    count: z.number().int().openapi({ description: "Number of companies reporting; 0 on weekends and market holidays" }),
    earnings: z.array(EarningsRowSchema),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("EarningsCalendar");

export const getEarningsCalendarContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_earnings_calendar",
  description:
    "Companies reporting earnings on a date, from Nasdaq's earnings calendar. Money values are parsed from Nasdaq's display strings " +
    "(`($0.12)` is -0.12, blank or N/A is null). A weekend or holiday is a valid empty day (count 0). Each date is stored: today is " +
    "re-read after 1 hour, future dates after 6 hours, past dates after 24 hours; when Nasdaq is unreachable the last stored list is " +
    "served with cached=true. The example is Nasdaq's real answer for 2024-07-01 (39 companies, shortened to two).",
  params,
  response,
  example: {
    params: { date: "2024-07-01" },
    response: {
      date: "2024-07-01",
      count: 39,
      earnings: [
        {
          symbol: "DDD",
          name: "3D Systems Corporation",
          time: "not-supplied",
          eps_forecast: -0.11,
          num_estimates: 2,
          market_cap: 409642530,
          fiscal_quarter_ending: "Mar/2024",
          last_year_eps: -0.17,
          last_year_report_date: "2023-05-08",
          eps: null,
          surprise_pct: null,
        },
        {
          symbol: "CNVS",
          name: "Cineverse Corp.",
          time: "after-hours",
          eps_forecast: null,
          num_estimates: 1,
          market_cap: 11208814,
          fiscal_quarter_ending: "Mar/2024",
          last_year_eps: -0.35,
          last_year_report_date: null,
          eps: null,
          surprise_pct: null,
        },
      ],
      fetched_at: "2024-07-01T00:00:00.000Z",
      cached: true,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
