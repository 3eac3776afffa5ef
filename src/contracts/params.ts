import { z } from "@hono/zod-openapi";
import { parseIsoDate } from "../domain/bar.js";

/**
 * Parameter building blocks shared by every operation. Parameters arrive as query-string text or as JSON
 * values in a POST body, so numbers and booleans accept both forms; one schema validates both.
 */

export const tickerParam = (description = "Asset symbol: a US stock (AAPL, BRK.B), a crypto symbol (BTC) or an xyz: alias (xyz:GOLD)") =>
  z
    .string()
    .trim()
    .min(1, "is required")
    .max(32, "must be at most 32 characters")
    .openapi({ description, example: "AAPL" });

export const isoDateParam = (description: string, example: string) =>
  z
    .string()
    .refine((v) => !Number.isNaN(parseIsoDate(v)), "must be a real calendar date in YYYY-MM-DD form")
    .openapi({ description, example, format: "date" });

/**
 * A number from query text ("5") or a JSON number (5); anything else (a JSON string of letters, an array, an
 * object, an empty value) is the wrong type, reported as such rather than coerced (`[3]` is not 3, "" is not 0).
 */
const numeric = (error: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error }));

export const intParam = (options: { min: number; max: number; default?: number; description: string; example?: number }) => {
  const base = numeric("must be a whole number").pipe(
    z
      .number()
      .int("must be a whole number")
      .min(options.min, `must be at least ${options.min}`)
      .max(options.max, `must be at most ${options.max}`),
  );
  const withDefault = options.default === undefined ? base : base.default(options.default);
  return withDefault.openapi({
    description: options.description,
    example: options.example ?? options.default,
    ...(options.default === undefined ? {} : { default: options.default }),
    minimum: options.min,
    maximum: options.max,
    type: "integer",
  });
};

export const numberParam = (options: { min?: number; max?: number; default?: number; description: string; example?: number }) => {
  let base = numeric("must be a number").refine(Number.isFinite, "must be a finite number");
  if (options.min !== undefined) base = base.refine((v) => v >= options.min!, `must be at least ${options.min}`);
  if (options.max !== undefined) base = base.refine((v) => v <= options.max!, `must be at most ${options.max}`);
  const withDefault = options.default === undefined ? base : base.default(options.default);
  return withDefault.openapi({
    description: options.description,
    example: options.example ?? options.default,
    ...(options.default === undefined ? {} : { default: options.default }),
    type: "number",
    ...(options.min === undefined ? {} : { minimum: options.min }),
    ...(options.max === undefined ? {} : { maximum: options.max }),
  });
};

/** `true`/`false` (any case), `1`/`0`, or a JSON boolean. */
export const booleanParam = (options: { default: boolean; description: string }) =>
  z
    .preprocess((v) => {
      if (typeof v !== "string") return v;
      const t = v.trim().toLowerCase();
      if (t === "true" || t === "1") return true;
      if (t === "false" || t === "0") return false;
      return v;
    }, z.boolean({ error: "must be true or false" }))
    .default(options.default)
    .openapi({ description: options.description, example: options.default, default: options.default, type: "boolean" });

export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, options: { default?: T[number]; description: string }) => {
  const base = z.enum(values, { error: `must be one of ${values.join(", ")}` });
  const withDefault = options.default === undefined ? base : base.default(options.default as never);
  return withDefault.openapi({ description: options.description, example: options.default ?? values[0] });
};

/** Comma-separated symbols, trimmed, case-insensitive duplicates removed, between `min` and `max` entries. */
export const symbolListParam = (options: { min: number; max: number; description: string; example: string }) =>
  z
    .string()
    .transform((v) => {
      // Symbols are case-insensitive (aapl is AAPL): keep the first spelling of each.
      const bySymbol = new Map<string, string>();
      for (const s of v.split(",").map((x) => x.trim()).filter((x) => x.length > 0)) {
        if (!bySymbol.has(s.toUpperCase())) bySymbol.set(s.toUpperCase(), s);
      }
      return [...bySymbol.values()];
    })
    .refine((list) => list.length >= options.min, `must list at least ${options.min} symbol${options.min === 1 ? "" : "s"}`)
    .refine((list) => list.length <= options.max, `must list at most ${options.max} symbols`)
    .refine((list) => list.every((s) => s.length <= 32), "each symbol must be at most 32 characters")
    .openapi({ description: options.description, example: options.example, type: "string" });
