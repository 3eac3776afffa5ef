import { z } from "@hono/zod-openapi";

const InfoRequestSchema = z
  .object({
    url: z.string().openapi({ description: "Always https://api.hyperliquid.xyz/info" }),
    method: z.literal("POST"),
    body: z.string().openapi({ description: "The JSON body exactly as sent (Content-Type: application/json); send it again to audit" }),
  })
  .openapi("HyperliquidInfoRequest");

export const RoundSchema = z
  .object({
    round_id: z.string().openapi({ description: "rnd_ plus 10 hex characters" }),
    coin: z.string().openapi({ description: "Hyperliquid coin: a plain perp (BTC) or a HIP-3 xyz perp (xyz:GOLD)" }),
    strike: z.number().openapi({ description: "Hyperliquid's mid price of the coin when the round opened" }),
    question: z.string(),
    state: z.enum(["open", "locked", "settling", "settled", "void"]).openapi({
      description:
        "open (opened_at <= now < lock_at: entries accepted) -> locked (lock_at <= now < deadline) -> settling (after the deadline, " +
        "until the deadline candle is read) -> settled (outcome known), or void (no reliable candle: no score)",
    }),
    opened_at: z.string().openapi({ format: "date-time" }),
    lock_at: z.string().openapi({ format: "date-time", description: "Entries close here, 15 minutes before the deadline" }),
    deadline: z.string().openapi({ format: "date-time", description: "A full UTC hour" }),
    seconds_left: z.number().int().openapi({ description: "Seconds until the deadline, 0 after it" }),
    locks_in_seconds: z.number().int().openapi({ description: "Seconds until entries close, 0 once locked" }),
    entrants: z.number().int(),
    strike_source: z.object({ request: InfoRequestSchema, mid: z.string(), fetched_at: z.string() }).openapi({ description: "The allMids request the strike came from and the mid it answered" }),
    settlement_candle_open: z.string().openapi({ description: "Open time 't' of the 1-minute candle that settles the round (= the deadline minute)" }),
    outcome: z.enum(["YES", "NO"]).nullable().openapi({ description: "YES iff close > strike (equal is NO); null until settled" }),
    close: z.string().nullable().openapi({ description: "The candle's close ('c'), as Hyperliquid served it; null until settled" }),
    candle: z.record(z.string(), z.unknown()).nullable().openapi({ description: "The settlement candle, Hyperliquid's own JSON object" }),
    settlement_request: InfoRequestSchema.nullable().openapi({ description: "The candleSnapshot request that settled (or, for a void round, last failed to settle) it" }),
    raw_response: z.string().nullable().openapi({ description: "Hyperliquid's answer to settlement_request, byte for byte" }),
    settled_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    pending_reason: z.string().nullable().openapi({ description: "While settling: why the candle could not be used yet" }),
    source: z.literal("hyperliquid"),
  })
  .openapi("ArenaRound");
