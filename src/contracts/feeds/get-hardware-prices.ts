import { z } from "@hono/zod-openapi";
import { SEMIS_SYMBOLS } from "../../domain/feed-vocabulary.js";
import type { OperationContract } from "../operation-contract.js";
import { enumParam } from "../params.js";
import { cachedField, fetchedAtField } from "./feed-envelope.js";

const params = z.object({
  category: enumParam(["cpu", "gpu", "all"] as const, { description: "Which retail products hardware_prices summarises: cpu, gpu or all" }),
});

const TierSchema = z
  .object({
    label: z.string().openapi({ description: "The tier's price band, USD" }),
    count: z.number().int(),
    avg_price: z.number().nullable(),
    min_price: z.number().nullable(),
    max_price: z.number().nullable(),
    top_products: z.array(z.object({ name: z.string(), price: z.number(), brand: z.string() })).openapi({ description: "Up to 5, in the source's own order" }),
  })
  .openapi("HardwarePriceTier");

const response = z
  .object({
    date: z.string().openapi({ description: "Today, UTC, YYYY-MM-DD" }),
    category: z.enum(["cpu", "gpu", "all"]),
    fetched_at: fetchedAtField(),
    cached: cachedField(),
    market_index: z
      .record(z.string(), z.object({ price: z.number(), change_pct: z.number().openapi({ description: "1-day change in PERCENT (1.8 = +1.8 %)" }) }))
      .openapi({ description: `Keyed by symbol: ${SEMIS_SYMBOLS.join(", ")} (a symbol the source did not quote is absent)` }),
    market_index_source: z.enum(["quote", "daily_bars"]).openapi({
      description:
        "quote: one batched live quote (or its stored copy, cached=true); daily_bars: the quote could not be had, so each name's last " +
        "two daily closes in the bar store (offline: MARKET_DATA_DIR), fetched_at being the newest close's day",
    }),
    hardware_prices: z
      .object({
        as_of: z.string().openapi({ description: "Day the retail source's prices are from" }),
        source: z.string(),
        total_products: z.number().int(),
        avg_price: z.number(),
        median_price: z.number(),
        min_price: z.number(),
        max_price: z.number(),
        tiers: z.object({ budget: TierSchema, mid: TierSchema, high: TierSchema }).openapi({ description: "Price terciles of the category" }),
      })
      .nullable()
      .openapi({ description: "From the latest stored retail snapshot (HARDWARE_PRICES_URL, fetched daily); null when none is configured or stored" }),
  })
  .openapi("HardwarePrices");

export const getHardwarePricesContract: OperationContract<typeof params, typeof response> = {
  operationId: "get_hardware_prices",
  description:
    "A semiconductor market index (one batched Yahoo Finance quote of ^SOX and eight chip makers, change in percent) and a retail CPU/GPU " +
    "price index with terciles computed by us from the latest snapshot of a configurable JSON source (HARDWARE_PRICES_URL, read by a daily " +
    "job; no site is scraped). hardware_prices is null when no source is configured or nothing is stored. market_index is always " +
    "there: the quote is stored 60 seconds; when Yahoo is unreachable the last stored quote is served with cached=true, and without one " +
    "the last two daily closes of each name the bar store serves (market_index_source daily_bars; offline that is the dataset's names); " +
    "503 only when no name can be served at all. No public recording of this quote batch exists, so the example shows the envelope's " +
    "form: its values are illustrative, not data.",
  params,
  response,
  example: {
    params: { category: "gpu" },
    response: {
      date: "2026-08-11",
      category: "gpu",
      fetched_at: "2026-08-11T14:00:00.000Z",
      cached: false,
      market_index: { "^SOX": { price: 5000, change_pct: 1.2 }, NVDA: { price: 100, change_pct: -0.5 } },
      market_index_source: "quote",
      hardware_prices: null,
    },
  },
  errors: ["UPSTREAM_UNAVAILABLE"],
};
