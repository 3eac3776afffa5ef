import { z } from "@hono/zod-openapi";
import { ECON_IMPORTANCE, ECON_PERIODS } from "../../domain/feed-vocabulary.js";
import type { OperationContract } from "../operation-contract.js";
import { enumParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";
import { commaListParam } from "./list-params.js";

const params = z.object({
  period: enumParam(ECON_PERIODS, {
    default: "this_week",
    description: "today, tomorrow (UTC days), this_week (Sunday to Saturday UTC, the week of the feed served), next_week or this_month",
  }),
  currencies: commaListParam({
    default: "USD,EUR,GBP,JPY",
    description: "Comma-separated currency codes the events move (ALL = ForexFactory's global events)",
    normalize: (v) => v.toUpperCase(),
    valid: (v) => /^[A-Z]{3}$/.test(v),
    expected: "three-letter currency codes such as USD,EUR",
  }),
  importance: commaListParam({
    default: "high,medium,low",
    description: `Comma-separated importance levels: ${ECON_IMPORTANCE.join(", ")}`,
    normalize: (v) => v.toLowerCase(),
    valid: (v) => (ECON_IMPORTANCE as readonly string[]).includes(v),
    expected: ECON_IMPORTANCE.join(", "),
  }),
});

const EventSchema = z
  .object({
    title: z.string(),
    currency: z.string().openapi({ description: "Currency the event moves (ForexFactory's country field)" }),
    date: z.string().openapi({ description: "ISO-8601 instant, UTC" }),
    importance: z.enum(ECON_IMPORTANCE),
    forecast: z.string().nullable().openapi({ description: "As published, units included; null when blank" }),
    previous: z.string().nullable().openapi({ description: "As published, units included; null when blank" }),
  })
  .openapi("EconomicEvent");

const response = z
  .object({
    period: z.enum(ECON_PERIODS),
    date_from: z.string().openapi({ description: "First UTC date of the period, YYYY-MM-DD" }),
    date_to: z.string().openapi({ description: "Last UTC date of the period, YYYY-MM-DD (inclusive)" }),
    currencies: z.array(z.string()),
    importance: z.array(z.string()),
    count: z.number().int(),
    events: z.array(EventSchema).openapi({ description: "Oldest first. ForexFactory publishes forecasts and previous values, no actuals" }),
    note: z.string().optional().openapi({ description: "What the answer covers when that is less than the period (next_week, this_month, a stale snapshot)" }),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
  })
  .openapi("EconomicCalendar");

export const getEconomicCalendarContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_economic_calendar",
  description:
    "Economic events from ForexFactory's weekly calendar feed, filtered by period, currency and importance. The feed is read at most hourly " +
    "and every read is stored. today/tomorrow/this_week come from the current-week feed; next_week and this_month have no feed of their own " +
    "and are the union of stored weekly snapshots, with `note` stating what that covers. When the feed is unreachable the last stored week " +
    "is served with cached=true (this_week is then that snapshot's week, shown by date_from/date_to). The example is the real feed of the " +
    "week of 2026-08-16.",
  params,
  response,
  example: {
    params: { period: "this_week", currencies: "USD,GBP", importance: "high" },
    response: {
      period: "this_week",
      date_from: "2026-08-16",
      date_to: "2026-08-22",
      currencies: ["USD", "GBP"],
      importance: ["high"],
      count: 3,
      events: [
        { title: "Claimant Count Change", currency: "GBP", date: "2026-08-18T06:00:00.000Z", importance: "high", forecast: "16.5K", previous: "6.7K" },
        { title: "CPI y/y", currency: "GBP", date: "2026-08-19T06:00:00.000Z", importance: "high", forecast: "2.9%", previous: "2.6%" },
        { title: "FOMC Meeting Minutes", currency: "USD", date: "2026-08-19T18:00:00.000Z", importance: "high", forecast: null, previous: null },
      ],
      note: "ForexFactory was unreachable: served from the snapshot fetched at 2026-08-21T00:00:00.000Z.",
      fetched_at: "2026-08-21T00:00:00.000Z",
      cached: true,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
