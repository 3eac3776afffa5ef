import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import { systemClock, type Clock } from "../../../domain/clock.js";
import type { DiscoveryIndexCrawler, RawIndexCrawl } from "../port.js";
import type { BudgetedPayingFetch } from "./budgeted-paying-fetch.js";

const UPSTREAM = "x402scan";
/** The agent REST listing; each page is paid by x402 ($0.01 per page at the time of writing, eip155:8453). */
export const X402SCAN_RESOURCES_URL = "https://www.x402scan.com/api/x402/resources";
const PAGE_SIZE = 100;
const MAX_PAGES = 500;

const PageSchema = z.object({
  data: z.array(z.unknown()),
  pagination: z.object({ page: z.number().int(), page_size: z.number().int(), has_next_page: z.boolean() }).partial().optional(),
});

export interface X402scanCrawlerDeps {
  /** A new paying fetch per crawl, so the budget is per run. */
  payingFetch: () => BudgetedPayingFetch;
  clock?: Clock;
  url?: string;
}

/**
 * Pages `GET /api/x402/resources?page=&page_size=100` until `has_next_page` is false, paying each page from
 * the mirror wallet. When the next page would pass the run's budget the crawl stops there and is stored as
 * partial (the note says what was spent), never silently as complete.
 */
export class X402scanCrawler implements DiscoveryIndexCrawler {
  private readonly clock: Clock;

  constructor(private readonly deps: X402scanCrawlerDeps) {
    this.clock = deps.clock ?? systemClock;
  }

  async crawl(signal?: AbortSignal): Promise<RawIndexCrawl> {
    const base = this.deps.url ?? X402SCAN_RESOURCES_URL;
    const paying = this.deps.payingFetch();
    const startedAtMs = this.clock.nowMs();
    const items: unknown[] = [];
    for (let page = 0; page < MAX_PAGES; page += 1) {
      if (signal?.aborted) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} crawl stopped: the job runner is stopping`);
      let res: Response;
      try {
        res = await paying.fetch(`${base}?${new URLSearchParams({ page: String(page), page_size: String(PAGE_SIZE) })}`, { headers: { accept: "application/json" } });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (/MIRROR_BUDGET_USD/.test(message) && page > 0) return partial(startedAtMs, base, items, `budget reached after ${page} page(s): ${message}`);
        throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} page ${page} failed: ${message}`, { retryAfterSeconds: 300, cause: error });
      }
      if (res.status !== 200) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} page ${page} answered HTTP ${res.status}`, { retryAfterSeconds: 300 });
      const parsed = PageSchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} page ${page} has an unexpected shape`, { retryAfterSeconds: 300 });
      items.push(...parsed.data.data);
      if (parsed.data.pagination?.has_next_page !== true || parsed.data.data.length === 0) {
        return { crawledAtMs: startedAtMs, source: base, items, partial: false, note: `spent ${paying.spentUsd().toFixed(2)} USD` };
      }
    }
    return partial(startedAtMs, base, items, `stopped after ${MAX_PAGES} pages`);
  }
}

function partial(crawledAtMs: number, source: string, items: unknown[], note: string): RawIndexCrawl {
  return { crawledAtMs, source, items, partial: true, note };
}
