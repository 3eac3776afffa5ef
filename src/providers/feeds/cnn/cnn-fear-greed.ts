import { z } from "zod";
import type { HttpClient } from "../../http/http-client.js";
import { BROWSER_USER_AGENT, type FeedClientDeps, feedHttpClient, getJsonFeed, isoDay, parseMapped } from "../feed-http.js";
import { FEAR_GREED_COMPONENTS, type FearGreed, type FearGreedComponent, type FearGreedProvider } from "../port.js";

export const CNN_GRAPHDATA_URL = "https://production.dataviz.cnn.io/index/fearandgreed/graphdata";
const UPSTREAM = "CNN Fear & Greed";
const HISTORY_POINTS = 30;

// Only the fields we map; CNN's `data` arrays of each component are ignored (and not validated).
const nullableNumber = z.number().nullable().optional();
const ComponentSchema = z.object({ score: nullableNumber, rating: z.string().nullable().optional(), timestamp: z.union([z.number(), z.string()]).nullable().optional() });
const GraphDataSchema = z.object({
  fear_and_greed: z.object({
    score: z.number(),
    rating: z.string(),
    timestamp: z.string().optional(),
    previous_1_week: nullableNumber,
    previous_1_month: nullableNumber,
    previous_1_year: nullableNumber,
  }),
  fear_and_greed_historical: z.object({
    data: z.array(z.object({ x: z.number(), y: z.number(), rating: z.string().nullable().optional() })),
  }),
  ...Object.fromEntries(FEAR_GREED_COMPONENTS.map((name) => [name, ComponentSchema.optional()])),
});

function instant(value: number | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const ms = typeof value === "number" ? value : Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** CNN's graphdata body -> our answer; shared by the live adapter and the recordings importer. */
export function mapCnnGraphData(body: unknown): FearGreed {
  const data = parseMapped(UPSTREAM, GraphDataSchema, body);
  const fg = data.fear_and_greed;
  const components = Object.fromEntries(
    FEAR_GREED_COMPONENTS.map((name): [string, FearGreedComponent] => {
      const c = (data as Record<string, z.infer<typeof ComponentSchema> | undefined>)[name];
      return [name, { score: c?.score ?? null, rating: c?.rating ?? null, timestamp: instant(c?.timestamp) }];
    }),
  ) as FearGreed["components"];
  return {
    score: fg.score,
    rating: fg.rating,
    timestamp: instant(fg.timestamp),
    previous_week: fg.previous_1_week ?? null,
    previous_month: fg.previous_1_month ?? null,
    previous_year: fg.previous_1_year ?? null,
    components,
    history_30d: data.fear_and_greed_historical.data
      .slice(-HISTORY_POINTS)
      .map((p) => ({ date: isoDay(p.x), score: p.y, rating: p.rating ?? null })),
  };
}

/** The recording's own time: CNN stamps each answer with the index's timestamp. */
export function cnnAnswerTimeMs(answer: FearGreed): number | undefined {
  return answer.timestamp === null ? undefined : Date.parse(answer.timestamp);
}

/** CNN's dataviz endpoint. It walls off non-browser clients with 418, so we send a browser's headers. */
export class CnnFearGreedProvider implements FearGreedProvider {
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps = {}) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 10_000, maxRetries: 1 });
  }

  async fearGreed(): Promise<FearGreed> {
    const body = await getJsonFeed(this.http, UPSTREAM, CNN_GRAPHDATA_URL, {
      "User-Agent": BROWSER_USER_AGENT,
      Accept: "application/json",
      Referer: "https://edition.cnn.com/",
      Origin: "https://edition.cnn.com",
    });
    return mapCnnGraphData(body);
  }
}
