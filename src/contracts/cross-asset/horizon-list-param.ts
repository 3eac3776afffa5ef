import { z } from "@hono/zod-openapi";

export const MAX_HORIZONS = 5;
export const MAX_HORIZON_DAYS = 365;

/** Comma-separated calendar-day horizons (`7,30`), each 1..365, duplicates removed, ascending, at most 5. */
export const horizonListParam = (options: { default: string; description: string }) =>
  z
    .string()
    .default(options.default)
    .transform((v) => v.split(",").map((s) => s.trim()).filter((s) => s.length > 0))
    .refine((parts) => parts.every((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_HORIZON_DAYS), {
      message: `each horizon must be a whole number of calendar days from 1 to ${MAX_HORIZON_DAYS}`,
    })
    .transform((parts) => [...new Set(parts.map(Number))].sort((a, b) => a - b))
    .refine((days) => days.length >= 1 && days.length <= MAX_HORIZONS, `must list 1 to ${MAX_HORIZONS} horizons`)
    .openapi({ description: options.description, example: options.default, type: "string" });
