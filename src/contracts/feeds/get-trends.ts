import { z } from "@hono/zod-openapi";
import { TREND_GEOS, TREND_PERIODS } from "../../domain/feed-vocabulary.js";
import type { OperationContract } from "../operation-contract.js";
import { enumParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({
  period: enumParam(TREND_PERIODS, {
    description: "daily = today's hot searches; weekly = the last 7 days; monthly = top searches this year (since 1 January UTC)",
  }),
  geo: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => v === "WORLDWIDE" || /^[A-Z]{2}$/.test(v), "must be an ISO 3166-1 alpha-2 country code (US, GB) or WORLDWIDE")
    .openapi({ description: `ISO 3166-1 alpha-2 country code, or WORLDWIDE (= ${TREND_GEOS.join(", ")})`, example: "US" }),
});

const TrendSchema = z
  .object({
    query: z.string(),
    traffic: z.string().openapi({ description: "Google's approximate search count as published (\"20K+\")" }),
    pub_date: z.string().nullable().openapi({ description: "ISO-8601 time Google listed it" }),
    news_items: z.array(z.object({ title: z.string(), url: z.string().nullable(), source: z.string().nullable(), picture: z.string().nullable() })),
  })
  .openapi("TrendQuery");

const response = z
  .object({
    period: z.enum(TREND_PERIODS),
    geo: z.string(),
    fetched_at: fetchedAtField(),
    count: z.number().int(),
    source: z.string().openapi({ description: "google_trends_rss, or google_trends_rss (stored daily snapshots) for aggregates" }),
    trends: z.array(TrendSchema).openapi({ description: "Highest traffic first" }),
    cached: cachedField(),
    note: z.string().optional().openapi({ description: "For weekly, monthly and WORLDWIDE: which stored snapshots the aggregate is built from" }),
  })
  .openapi("Trends");

export const getTrendsContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_trends",
  description:
    "Trending Google searches. A country's daily list is Google Trends' trending RSS for that country (stored every 30 minutes). Google " +
    "publishes no weekly, yearly or worldwide feed, so weekly, monthly and WORLDWIDE are aggregates of the daily snapshots this service " +
    `stored (a scheduled job records ${TREND_GEOS.join(", ")}), one entry per query with its highest published traffic, and note says so. ` +
    "503 UPSTREAM_UNAVAILABLE when the feed is unreachable and nothing is stored, or when no daily snapshot exists yet for an aggregate. " +
    "No public recording of this feed exists, so the example shows the envelope's form: its values are illustrative, not data.",
  params,
  response,
  example: {
    params: { period: "daily", geo: "US" },
    response: {
      period: "daily",
      geo: "US",
      fetched_at: "2026-08-11T12:30:00.000Z",
      count: 1,
      source: "google_trends_rss",
      trends: [{ query: "example query", traffic: "1000+", pub_date: "2026-08-11T12:30:00.000Z", news_items: [] }],
      cached: false,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
