import { z } from "zod";
import type { HttpClient } from "../../http/http-client.js";
import { type FeedClientDeps, feedHttpClient, getJsonFeed, parseMapped } from "../feed-http.js";
import type { RetailPriceProvider, RetailSnapshot } from "../port.js";

const UPSTREAM = "retail hardware price source";

/** The documented format of HARDWARE_PRICES_URL (README, "Hardware prices source"). */
export const RetailSnapshotSchema = z.object({
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"),
  source: z.string().min(1),
  products: z.array(
    z.object({
      category: z.enum(["cpu", "gpu"]),
      name: z.string().min(1),
      brand: z.string().min(1),
      price: z.number().positive().finite(),
    }),
  ),
});

export function mapRetailSnapshot(body: unknown): RetailSnapshot {
  return parseMapped(UPSTREAM, RetailSnapshotSchema, body);
}

/**
 * A configurable JSON source of retail CPU/GPU prices, read by a daily job. We scrape no site: whoever
 * operates the service points HARDWARE_PRICES_URL at a source whose terms allow this use.
 */
export class JsonRetailPriceProvider implements RetailPriceProvider {
  private readonly http: HttpClient;

  constructor(
    private readonly url: string,
    deps: FeedClientDeps = {},
  ) {
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 20_000, maxRetries: 2 });
  }

  async snapshot(): Promise<RetailSnapshot> {
    return mapRetailSnapshot(await getJsonFeed(this.http, UPSTREAM, this.url, { Accept: "application/json" }));
  }
}
