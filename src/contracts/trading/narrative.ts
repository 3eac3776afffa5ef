import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { tickerParam } from "../params.js";
import exampleJson from "./narrative.example.json" with { type: "json" };
import { storedBarsField } from "../stored-bars-field.js";

const params = z.object({ ticker: tickerParam() });

export type NarrativeParams = z.infer<typeof params>;

const response = z
  .object({
    ticker: z.string(),
    as_of_date: z.string().openapi({ description: "Last daily bar the momentum reads" }),
    price_source: z.string().openapi({ description: "Where the bars came from: yahoo, or offline (a MARKET_DATA_DIR dataset)" }),
    cached: storedBarsField(),
    momentum: z
      .array(
        z.object({
          period: z.enum(["1w", "1m", "3m"]),
          days: z.number().int().openapi({ description: "Calendar days: 7, 30, 91" }),
          from_date: z.string().nullable().openapi({ description: "The last bar at or before as_of_date - days" }),
          to_date: z.string(),
          return: z.number().nullable().openapi({ description: "Close-to-close, decimal; null when the history does not reach back or the start falls in a data gap" }),
        }),
      )
      .openapi({ description: "Price momentum over a week, a month and a quarter" }),
    news: z.object({
      source: z.string().openapi({ description: "yahoo-search: Yahoo Finance search news for the asset's Yahoo symbol (offline: none)" }),
      fetched_at: z.string(),
      count: z.number().int(),
      unavailable_reason: z.string().nullable().openapi({ description: "Why no headlines could be read (the source failed); null when it answered" }),
      headlines: z.array(
        z.object({
          title: z.string(),
          publisher: z.string(),
          link: z.string(),
          published_at: z.string(),
          score: z.number().openapi({ description: "AFINN sum over the title's words" }),
          comparative: z.number().openapi({ description: "score / the title's token count" }),
          words: z.array(z.string()).openapi({ description: "Lexicon words that moved the score" }),
        }),
      ),
    }),
    sentiment: z.object({
      value: z.number().nullable().openapi({ description: "Mean comparative over the headlines" }),
      label: z.enum(["positive", "neutral", "negative"]).nullable(),
      reason: z.string().nullable().openapi({ description: "Why value is null; null otherwise" }),
      method: z.string(),
    }),
    theme: z.object({
      tag: z.string().nullable(),
      matched: z.record(z.string(), z.number()).openapi({ description: "Keyword -> hits of the tagged theme" }),
      method: z.string(),
    }),
  })
  .openapi("Narrative");

export const narrativeContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_narrative",
  description:
    "One asset's narrative: price momentum over 1 week, 1 month and 3 months (calendar days 7, 30, 91, close to close, with the dates " +
    "used) from its stored daily bars; the latest headlines about it from Yahoo Finance search (up to 10), each scored by the " +
    "`sentiment` lexicon library, their mean as the asset's news sentiment; and a theme tag from a documented keyword map (the " +
    "method fields say exactly how). Too few headlines, or a headline source that fails, leave the sentiment null with the reason; the " +
    "momentum is still served. Unknown ticker 404; no price data 503 with Retry-After, uncharged.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
