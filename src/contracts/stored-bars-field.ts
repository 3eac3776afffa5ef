import { z } from "@hono/zod-openapi";

/**
 * `cached` of every answer computed from bars read through the price cache (patterns, forecasts, signals,
 * narrative, playbook): true when the price source failed and the bars stored earlier were used instead.
 */
export const storedBarsField = () => z.boolean().openapi({ description: "True when the price source was unreachable and stored bars were used" });
