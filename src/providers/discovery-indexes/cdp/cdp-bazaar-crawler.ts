import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import { systemClock, type Clock } from "../../../domain/clock.js";
import { createHttpClient, type FetchLike, type HttpClient } from "../../http/http-client.js";
import { RequestSpacer } from "../../http/request-spacer.js";
import type { DiscoveryIndexCrawler, RawIndexCrawl } from "../port.js";

const UPSTREAM = "CDP Bazaar";
/** Public and keyless ("Bazaar discovery is public"); served from a cache refreshed about every 10 minutes. */
export const CDP_DISCOVERY_RESOURCES_URL = "https://api.cdp.coinbase.com/platform/v2/x402/discovery/resources";
/** Our politeness budget: at most one request per second, 429 backed off (1 s doubling to 32 s). */
const SPACING_MS = 1_000;
const PAGE_LIMIT = 100;
/** A stop for an index that never reports its end (about 100 000 listings at 100 per page). */
const MAX_PAGES = 1_000;

const PageSchema = z.object({
  items: z.array(z.unknown()),
  pagination: z.object({ limit: z.number().int().positive(), offset: z.number().int().min(0), total: z.number().int().min(0) }).partial().optional(),
});

export interface CdpCrawlerDeps {
  fetch?: FetchLike;
  clock?: Clock;
  sleep?: (ms: number) => Promise<void>;
  url?: string;
  maxPages?: number;
}

/**
 * Pages `GET .../discovery/resources?type=http&limit=&offset=` to the end (offset + limit >= total, or an
 * empty page). The service clamps and rounds `limit`, so the next offset follows the limit it answered with.
 * A page that still fails after the retries fails the crawl: a half crawl must not replace the last full one.
 */
export class CdpBazaarCrawler implements DiscoveryIndexCrawler {
  private readonly http: HttpClient;
  private readonly clock: Clock;

  constructor(private readonly deps: CdpCrawlerDeps = {}) {
    this.clock = deps.clock ?? systemClock;
    const spacer = new RequestSpacer(SPACING_MS, this.clock, deps.sleep);
    // Every attempt, retries included, goes through the spacer: a retried page never doubles the rate.
    const transport: FetchLike = deps.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.http = createHttpClient({
      fetch: (input, init) => spacer.run(() => transport(input, init)),
      upstream: UPSTREAM,
      timeoutMs: 20_000,
      maxRetries: 5,
      concurrencyPerHost: 1,
      baseDelayMs: 1_000,
      maxDelayMs: 32_000,
      maxRetryAfterMs: 60_000,
      sleep: deps.sleep,
      clock: this.clock,
    });
  }

  async crawl(signal?: AbortSignal): Promise<RawIndexCrawl> {
    const base = this.deps.url ?? CDP_DISCOVERY_RESOURCES_URL;
    const startedAtMs = this.clock.nowMs();
    const items: unknown[] = [];
    let offset = 0;
    for (let page = 0; page < (this.deps.maxPages ?? MAX_PAGES); page += 1) {
      if (signal?.aborted) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} crawl stopped: the job runner is stopping`);
      const url = `${base}?${new URLSearchParams({ type: "http", limit: String(PAGE_LIMIT), offset: String(offset) })}`;
      const body = await this.page(url);
      items.push(...body.items);
      const limit = body.pagination?.limit ?? PAGE_LIMIT;
      const total = body.pagination?.total;
      offset = (body.pagination?.offset ?? offset) + limit;
      if (body.items.length === 0 || (total !== undefined && offset >= total)) {
        return { crawledAtMs: startedAtMs, source: base, items, partial: false };
      }
    }
    return { crawledAtMs: startedAtMs, source: base, items, partial: true, note: `stopped after ${this.deps.maxPages ?? MAX_PAGES} pages` };
  }

  private async page(url: string): Promise<z.infer<typeof PageSchema>> {
    const res = await this.http.fetch(url, { headers: { accept: "application/json" } });
    const text = await res.text();
    if (res.status !== 200) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered HTTP ${res.status}`, { retryAfterSeconds: 60 });
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered something that is not JSON`, { retryAfterSeconds: 60 });
    }
    const parsed = PageSchema.safeParse(json);
    if (!parsed.success) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} page has an unexpected shape (no items array)`, { retryAfterSeconds: 60 });
    return parsed.data;
  }
}
