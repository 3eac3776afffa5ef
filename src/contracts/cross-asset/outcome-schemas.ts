import { z } from "@hono/zod-openapi";

/** The distribution of what followed a set of events, every figure resting on `n` known outcomes. */
export const distributionFields = {
  n: z.number().int().openapi({ description: "Outcomes the figures rest on: events whose horizon real history already covers" }),
  mean: z.number().nullable().openapi({ description: "Mean outcome; null when n = 0" }),
  p10: z.number().nullable().openapi({ description: "10th percentile (linear interpolation between closest ranks, numpy's default)" }),
  p25: z.number().nullable().openapi({ description: "25th percentile" }),
  p50: z.number().nullable().openapi({ description: "Median" }),
  p75: z.number().nullable().openapi({ description: "75th percentile" }),
  p90: z.number().nullable().openapi({ description: "90th percentile" }),
  hit_rate: z.number().nullable().openapi({ description: "Share of outcomes above zero (0 to 1)" }),
};


export const LevelsSchema = z
  .object({
    start: z.number().openapi({ description: "Close on the window's first date" }),
    end: z.number().openapi({ description: "Close on the window's last date" }),
  })
  .openapi("WindowLevels");
