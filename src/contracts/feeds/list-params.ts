import { z } from "@hono/zod-openapi";

/**
 * A comma-separated list parameter: trimmed, normalised by `normalize`, duplicates dropped, every item checked
 * by `valid` (the message names what is expected). Empty lists are rejected.
 */
export const commaListParam = (options: {
  default: string;
  description: string;
  normalize: (item: string) => string;
  valid: (item: string) => boolean;
  expected: string;
}) =>
  z
    .string()
    .default(options.default)
    .transform((v) => [...new Set(v.split(",").map((x) => options.normalize(x.trim())).filter((x) => x.length > 0))])
    .refine((list) => list.length > 0, "must list at least one value")
    .refine((list) => list.every(options.valid), `must be a comma-separated list of ${options.expected}`)
    .openapi({ description: options.description, example: options.default, type: "string" });
