import { z } from "@hono/zod-openapi";

/** Bounded free text: trimmed, between min and max characters. */
export const boundedText = (options: { min: number; max: number; description: string; example: string }) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(options.min, options.min === 1 ? "is required" : `must be at least ${options.min} characters`)
    .max(options.max, `must be at most ${options.max} characters`)
    .openapi({ description: options.description, example: options.example });

export const needParam = () =>
  boundedText({ min: 1, max: 500, description: "What the caller needs, in free text (1 to 500 characters)", example: "weather forecast" });

/** scheme://host[:port] of an http(s) URL, exactly as the router's results give it. */
export const originParam = (description: string, example: string) =>
  boundedText({ min: 1, max: 300, description, example }).refine((v) => /^https?:\/\/[^/?#\s]+$/i.test(v), "must be an origin such as https://api.example.com (scheme and host, no path)");

/** A path (plus query) starting with `/`, exactly as the router's results give it. */
export const pathParam = (description: string, example: string) =>
  boundedText({ min: 1, max: 2048, description, example }).refine((v) => v.startsWith("/"), "must be a path starting with /");

/** A required boolean: `true`/`false` (any case), `1`/`0`, or a JSON boolean. */
export const requiredBoolean = (description: string) =>
  z
    .preprocess((v) => {
      if (typeof v !== "string") return v;
      const t = v.trim().toLowerCase();
      return t === "true" || t === "1" ? true : t === "false" || t === "0" ? false : v;
    }, z.boolean({ error: "must be true or false" }))
    .openapi({ description, example: true, type: "boolean" });
