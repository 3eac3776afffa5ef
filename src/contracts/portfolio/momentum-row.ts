import { z } from "@hono/zod-openapi";

export const MOMENTUM_STATUSES = ["ok", "insufficient_history", "unknown_ticker", "no_data", "range_unavailable", "upstream_unavailable"] as const;

/** The measures and their definitions, shared by /api/momentum/scan and /api/sectors/momentum. */
export const MOMENTUM_METHOD =
  "Per name, as of its latest daily bar T, from bars up to T only. Horizons are calendar months back from T, each anchored on the last " +
  "bar on or before T - h (a bar within 7 days of that date is required). return_12m_1m = close(T - 1 month) / close(T - 12 months) - 1 " +
  "(12-1 momentum, skipping the latest month's short-term reversal); return_6m, return_3m, return_1m = close(T) / close(T - h) - 1; " +
  "distance_from_52w_high = close(T) / highest close in (T - 12 months, T] - 1 (0 at a new high); volatility_1y = sample std of the " +
  "daily simple returns in (T - 12 months, T] times sqrt(252), or sqrt(365) for crypto. composite_score = mean of r_h / (volatility_1y * " +
  "sqrt(h / 12)) over return_12m_1m (h = 11), return_6m (h = 6) and return_3m (h = 3): each horizon's return in units of the standard " +
  "deviation a random walk with the name's volatility would show over it, so names of different volatility rank on one scale. Ranked by " +
  "composite_score, strongest first; names without a score are not ranked. The horizons overlap, so the three terms are not independent " +
  "evidence; the score is a ranking device, not a forecast.";

export const momentumRowFields = {
  rank: z.number().int().nullable().openapi({ description: "1 = strongest composite score; null when the name has no score" }),
  ticker: z.string(),
  status: z.enum(MOMENTUM_STATUSES).openapi({ description: "ok, or why the name has no score (it keeps its row; error says more)" }),
  as_of: z.string().nullable().openapi({ description: "Date of the name's latest bar, which every measure is as of" }),
  close: z.number().nullable().openapi({ description: "Close on as_of" }),
  return_12m_1m: z.number().nullable().openapi({ description: "12-1 month return, decimal" }),
  return_6m: z.number().nullable(),
  return_3m: z.number().nullable(),
  return_1m: z.number().nullable(),
  distance_from_52w_high: z.number().nullable().openapi({ description: "close / 52-week closing high - 1, decimal, <= 0" }),
  volatility_1y: z.number().nullable().openapi({ description: "Annualised volatility of daily returns over the last 12 months" }),
  volatility_observations: z.number().int().nullable().openapi({ description: "Daily returns behind volatility_1y" }),
  composite_score: z.number().nullable().openapi({ description: "Mean risk-adjusted return over the 12-1, 6 and 3 month horizons (see method)" }),
  error: z.string().optional().openapi({ description: "Present when status is not ok" }),
};
