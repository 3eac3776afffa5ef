import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { fetchedAtField } from "./feed-envelope.js";

const params = z.object({});

const section = (name: string, data: z.ZodType) =>
  z
    .object({
      status: z.enum(["ok", "unavailable"]).openapi({ description: "ok: data is served; unavailable: its upstream failed and nothing was stored" }),
      data: data.nullable(),
      fetched_at: fetchedAtField().nullable(),
      cached: z.boolean().nullable().openapi({ description: "As in the section's own route; null when unavailable" }),
      error: z.object({ code: z.string(), message: z.string() }).nullable().openapi({ description: "Why the section is unavailable; null when ok" }),
    })
    .openapi(`DailyBrief${name}Section`);

const mover = z.object({ symbol: z.string(), name: z.string().nullable(), price: z.number(), change_pct: z.number(), volume: z.number().nullable(), market_cap: z.number().nullable() });

const response = z
  .object({
    date: z.string().openapi({ description: "Today, UTC, YYYY-MM-DD" }),
    sections_served: z.number().int().openapi({ description: "Sections with status ok (at least 1, or the call is a 503 and not charged)" }),
    fear_greed: section(
      "FearGreed",
      z.object({ score: z.number(), rating: z.string(), timestamp: z.string().nullable(), previous_week: z.number().nullable(), previous_month: z.number().nullable(), previous_year: z.number().nullable() }),
    ).openapi({ description: "CNN Fear & Greed (see /get_fear_greed)" }),
    top_movers: section("Movers", z.object({ gainers: z.array(mover), losers: z.array(mover) })).openapi({
      description: "Top 5 US gainers and losers (see /get_market_movers); change_pct is a decimal",
    }),
    earnings: section("Earnings", z.object({ date: z.string(), count: z.number().int(), earnings: z.array(z.record(z.string(), z.unknown())) })).openapi({
      description: "Today's earnings reports (see /get_earnings_calendar)",
    }),
    economic_events: section(
      "Events",
      z.object({ date_from: z.string(), date_to: z.string(), count: z.number().int(), events: z.array(z.record(z.string(), z.unknown())) }),
    ).openapi({ description: "Today's high-importance events for USD, EUR, GBP, JPY (see /get_economic_calendar)" }),
  })
  .openapi("DailyBrief");

export const dailyBriefContract: OperationContract<typeof params, typeof response> = {
  operationId: "daily_brief",
  description:
    "Fear & Greed, the top 5 US gainers and losers, today's earnings reports and today's high-importance economic events in one call. " +
    "Each section is read through the same store as its own route and carries its own status, so one failed upstream leaves the others " +
    "served. The call is charged only when at least one section is served; otherwise it answers 503 UPSTREAM_UNAVAILABLE. The example is " +
    "an offline node: the Fear & Greed section is CNN's real 2022-04-25 reading, the other sources had nothing stored.",
  params,
  response,
  example: {
    params: {},
    response: {
      date: "2026-11-23",
      sections_served: 1,
      fear_greed: {
        status: "ok",
        data: { score: 30.8254, rating: "fear", timestamp: "2022-04-25T16:21:09.254Z", previous_week: 45.7327, previous_month: 46.8745, previous_year: 53.96666666666666 },
        fetched_at: "2022-04-25T16:21:09.254Z",
        cached: true,
        error: null,
      },
      top_movers: {
        status: "unavailable",
        data: null,
        fetched_at: null,
        cached: null,
        error: { code: "UPSTREAM_UNAVAILABLE", message: "Yahoo Finance unavailable after 3 attempt(s): HTTP 503 (query2.finance.yahoo.com/v1/finance/screener/predefined/saved)" },
      },
      earnings: {
        status: "unavailable",
        data: null,
        fetched_at: null,
        cached: null,
        error: { code: "UPSTREAM_UNAVAILABLE", message: "Nasdaq earnings calendar is unavailable (...) and no earlier snapshot of it is stored. Retry after 60 s; ..." },
      },
      economic_events: {
        status: "unavailable",
        data: null,
        fetched_at: null,
        cached: null,
        error: { code: "UPSTREAM_UNAVAILABLE", message: "ForexFactory economic calendar is unavailable (...) and no earlier snapshot of it is stored. Retry after 60 s; ..." },
      },
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
