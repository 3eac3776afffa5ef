import { z } from "@hono/zod-openapi";
import { enumParam } from "../params.js";

/** Wire pieces shared by the demand reports. */

export const ClientBucketSchema = z
  .enum(["0", "3-9", "10-24", "25-49", "50-99", "100+"])
  .openapi({ description: "Distinct clients as a fixed bucket, never an exact count; 0: nothing publishable (none, or only cells of fewer than 3 clients)" });

export const windowParam = enumParam(["7d", "30d", "90d"], {
  default: "30d",
  description: "The complete UTC days covered: the 7, 30 or 90 days before today (today is never counted, so figures change once a day)",
});

export const windowDays = (window: "7d" | "30d" | "90d") => Number(window.slice(0, -1));

export const WindowSchema = z
  .object({ days: z.number().int(), from: z.string().openapi({ format: "date" }), to: z.string().openapi({ format: "date" }) })
  .openapi("DemandWindow", { description: "First and last UTC day covered (both included)" });

export const PRIVACY_NOTE =
  "Privacy (every demand report): a row needs at least 3 distinct clients in its window and client counts are buckets (3-9, 10-24, " +
  "25-49, 50-99, 100+, or 0). The unit is the cell, the finest grouping any report uses, on one UTC day (request log: path x routed x " +
  "monitor x outcome x AI company x assistant x ecosystem x day; router events: intent x kind x origin x helped x day): cells of 1 or 2 " +
  "clients are dropped before any sum, so every figure, total, report and window is a sum of cells of at least 3 clients and no subtraction " +
  "of published figures (a total minus its rows, 30d minus 7d, one report minus another) recovers a withheld one. Totals are sums of " +
  "published rows only; there are no 'other' rows. The router's own paths are reported as router events only. No per-client row, " +
  "user-agent, IP address or wallet is ever returned. Request-log counts are differentially private: a client's requests count at most 5 " +
  "times per cell and day, each cell-day's count carries Laplace noise of scale 5 (epsilon 1) drawn once, and every figure is a sum of " +
  "those; client counts are noised (scale 2) before bucketing. The same question always gets the same answer.";

export const reportEnvelope = {
  window: WindowSchema,
  generated_at: z.string().openapi({ format: "date-time" }),
  privacy: z.string(),
};

export const DemandFiguresShape = {
  quotes: z.number().int().openapi({ description: "402 payment quotes answered" }),
  served: z.number().int().openapi({ description: "Paid calls served (settled 200s)" }),
  hits: z.number().int().openapi({ description: "Every request, whatever its outcome" }),
  clients: ClientBucketSchema,
  buyers: ClientBucketSchema.openapi({ description: "Distinct clients that were quoted or paid (bucket)" }),
};

export const ConversionRateSchema = z
  .object({
    quotes: z.number().int(),
    served: z.number().int(),
    conversion_rate_pct: z.number().nullable().openapi({ description: "served / quotes x 100, one decimal; null without quotes" }),
    quoting_clients: ClientBucketSchema.nullable().openapi({ description: "Distinct clients quoted; null on totals (clients of rows do not add up)" }),
  })
  .openapi("ConversionRate");

export const UnmetRowSchema = z
  .object({
    rank: z.number().int().openapi({ description: "Build order: more clients first, then more days seen, then more hits" }),
    path: z.string().openapi({ description: "Normalised path (lower case, no query, identifiers shown as {id})" }),
    category: z.string(),
    reason: z.enum(["not_served", "listed_not_built", "quoted_never_paid"]).openapi({
      description: "not_served: no route of ours; listed_not_built: in our catalog but not served by this deployment; quoted_never_paid: a paid route quoted in publishable cells, with no publishable paid call",
    }),
    evidence: z.object({
      hits: z.number().int(),
      quotes: z.number().int(),
      served: z.number().int(),
      clients: ClientBucketSchema,
      days_seen: z.number().int().openapi({ description: "UTC days with a publishable cell" }),
      first_seen: z.string().openapi({ format: "date" }),
      last_seen: z.string().openapi({ format: "date" }),
    }),
  })
  .openapi("UnmetDemandRow");
