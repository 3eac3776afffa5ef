import { z } from "@hono/zod-openapi";

const InfoRequestFields = z.object({
  url: z.string().openapi({ description: "Always https://api.hyperliquid.xyz/info" }),
  method: z.literal("POST"),
  body: z.string().openapi({ description: "The JSON body exactly as sent (Content-Type: application/json); send it again to audit" }),
});
const InfoRequestSchema = InfoRequestFields.openapi("HyperliquidInfoRequest");

// Inline (not a named component): a nullable reference would lose its null in the document.
const StoredBarSchema = z.object({
  store: z.string().openapi({ description: "The market-data source the bar was stored from: offline (a MARKET_DATA_DIR folder of daily CSV files)" }),
  symbol: z.string().openapi({ description: "The symbol the bar is stored under (BTC-USD, GC=F for xyz:GOLD)" }),
  file: z.string().openapi({ description: "The dataset file the bar was read from (BTC-USD.csv, GOLD.csv); its row for date holds open and close" }),
  timeframe: z.literal("1d"),
  date: z.string().openapi({ description: "The bar's date (YYYY-MM-DD): the UTC day for crypto, the exchange's trading date otherwise" }),
});

export const RoundSchema = z
  .object({
    round_id: z.string().openapi({ description: "rnd_ plus 10 hex characters" }),
    coin: z.string().openapi({ description: "Hyperliquid coin: a plain perp (BTC) or a HIP-3 xyz perp (xyz:GOLD)" }),
    strike: z.number().openapi({ description: "Hyperliquid's mid price of the coin when the round opened; offline rounds: the open of the stored daily bar" }),
    question: z.string().openapi({
      description: "The question in words: the coin, the strike and the deadline (offline rounds: the stored day and the bar it replays)",
    }),
    state: z.enum(["open", "locked", "settling", "settled", "void"]).openapi({
      description:
        "open (opened_at <= now < lock_at: entries accepted) -> locked (lock_at <= now < deadline) -> settling (after the deadline, " +
        "until the deadline candle is read) -> settled (outcome known), or void (no reliable candle: no score)",
    }),
    opened_at: z.string().openapi({ format: "date-time" }),
    lock_at: z
      .string()
      .openapi({ format: "date-time", description: "Entries close here, 15 minutes before the deadline; offline rounds are replays and lock when they open" }),
    deadline: z.string().openapi({ format: "date-time", description: "A full UTC hour; offline rounds: the end of the stored bar's day (its date + 1 day, 00:00 UTC)" }),
    seconds_left: z.number().int().openapi({ description: "Seconds until the deadline, 0 after it" }),
    locks_in_seconds: z.number().int().openapi({ description: "Seconds until entries close, 0 once locked" }),
    entrants: z.number().int(),
    strike_source: z
      .object({ request: InfoRequestSchema, mid: z.string(), fetched_at: z.string() })
      .nullable()
      .openapi({ description: "The allMids request the strike came from and the mid it answered; null for offline rounds (see stored_bar)" }),
    settlement_candle_open: z.string().openapi({
      description: "Open time 't' of the 1-minute candle that settles the round (= the deadline minute); offline rounds: the start of the stored bar's day",
    }),
    outcome: z.enum(["YES", "NO"]).nullable().openapi({ description: "YES iff close > strike (equal is NO); null until settled" }),
    close: z.string().nullable().openapi({ description: "The candle's close ('c'), as Hyperliquid served it (offline rounds: the stored bar's close); null until settled" }),
    candle: z
      .record(z.string(), z.unknown())
      .nullable()
      .openapi({ description: "The settlement candle, Hyperliquid's own JSON object; offline rounds: the stored bar (date, open, high, low, close, volume)" }),
    // Inline: a nullable reference is written as allOf [$ref, {type: [object, null]}], which null fails.
    settlement_request: InfoRequestFields.nullable().openapi({
      description: "The candleSnapshot request that settled (or, for a void round, last failed to settle) it; null for offline rounds",
    }),
    raw_response: z.string().nullable().openapi({ description: "Hyperliquid's answer to settlement_request, byte for byte; null for offline rounds" }),
    settled_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    pending_reason: z.string().nullable().openapi({ description: "While settling: why the candle could not be used yet" }),
    source: z.enum(["hyperliquid", "offline"]).openapi({
      description:
        "hyperliquid: opened and settled by the service's jobs from Hyperliquid. offline: a replay of one stored daily bar, opened and settled " +
        "at once by npm run arena:offline (docs/arena.md); its entries, if any, came from that command's entries file after the day had closed",
    }),
    stored_bar: StoredBarSchema.nullable().openapi({ description: "Offline rounds only: the stored daily bar both prices come from; null for Hyperliquid rounds" }),
  })
  .openapi("ArenaRound");
