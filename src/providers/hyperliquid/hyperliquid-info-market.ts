import { z } from "zod";
import { AppError } from "../../domain/app-error.js";
import { feedHttpClient, parseJsonBody, parseMapped, unexpectedStatus, type FeedClientDeps } from "../feeds/feed-http.js";
import type { HttpClient } from "../http/http-client.js";
import type { Candle, CandleSnapshot, HyperliquidMarket, InfoRequest, ListedCoin, MidPrices } from "./port.js";

export const HYPERLIQUID_INFO_URL = "https://api.hyperliquid.xyz/info";
const UPSTREAM = "Hyperliquid";

// Only the fields we use are validated; anything else Hyperliquid adds is ignored.
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "a decimal string");
const MetaSchema = z.object({ universe: z.array(z.object({ name: z.string().min(1), isDelisted: z.boolean().optional() })) });
const MidsSchema = z.record(z.string(), z.string());
const CandleSchema = z.object({
  t: z.number().int(),
  T: z.number().int(),
  s: z.string(),
  i: z.string(),
  o: decimal,
  c: decimal,
  h: decimal,
  l: decimal,
  v: decimal,
  n: z.number().int(),
});
const CandlesSchema = z.array(z.unknown());

/** HIP-3 dexes answer with prefixed names already; add the prefix if one ever comes without it. */
const prefixed = (dex: string, name: string) => (dex === "" || name.startsWith(`${dex}:`) ? name : `${dex}:${name}`);

/**
 * The live adapter. Failures are the caller's 503 (UPSTREAM_UNAVAILABLE with Retry-After): 429 and 5xx are
 * retried by the shared client and then given up on, a timeout likewise, an HTML page or a body that is not
 * JSON is upstream trouble, a body that lacks the fields we map is UPSTREAM_SCHEMA_CHANGED. An empty candle
 * list is an answer (no candle for that window), not an error: settlement decides what it means.
 */
export class HyperliquidInfoMarket implements HyperliquidMarket {
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps & { maxRetries?: number } = {}) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: deps.timeoutMs ?? 10_000, maxRetries: deps.maxRetries ?? 2 });
  }

  async listedCoins(dexes: readonly string[]): Promise<ListedCoin[]> {
    const coins: ListedCoin[] = [];
    for (const dex of dexes) {
      const { value } = await this.post(dex === "" ? { type: "meta" } : { type: "meta", dex });
      const meta = parseMapped(UPSTREAM, MetaSchema, value);
      for (const asset of meta.universe) coins.push({ name: prefixed(dex, asset.name), dex, delisted: asset.isDelisted === true });
    }
    return coins;
  }

  async allMids(dex: string): Promise<MidPrices> {
    const { request, value } = await this.post(dex === "" ? { type: "allMids" } : { type: "allMids", dex });
    const raw = parseMapped(UPSTREAM, MidsSchema, value);
    return { request, mids: Object.fromEntries(Object.entries(raw).map(([coin, mid]) => [prefixed(dex, coin), mid])) };
  }

  async candleSnapshot(coin: string, interval: string, startMs: number, endMs: number): Promise<CandleSnapshot> {
    const { request, text, value } = await this.post({ type: "candleSnapshot", req: { coin, interval, startTime: startMs, endTime: endMs } });
    const items = parseMapped(UPSTREAM, CandlesSchema, value);
    const candles: Candle[] = items.map((item) => parseMapped(UPSTREAM, CandleSchema, item));
    return { request, rawBody: text, candles, rawCandles: items.map((item) => JSON.stringify(item)) };
  }

  private async post(payload: object): Promise<{ request: InfoRequest; text: string; value: unknown }> {
    const request: InfoRequest = { url: HYPERLIQUID_INFO_URL, method: "POST", body: JSON.stringify(payload) };
    const res = await this.http.fetch(request.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: request.body,
    });
    const text = await res.text();
    if (res.status !== 200) throw unexpectedStatus(UPSTREAM, res.status);
    const value = parseJsonBody(UPSTREAM, text);
    // Hyperliquid answers some bad requests with 200 and a JSON null or an error string.
    if (value === null || typeof value === "string") {
      throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered ${text.slice(0, 120)} to ${request.body}`, { retryAfterSeconds: 60 });
    }
    return { request, text, value };
  }
}
