import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import { SEMIS_SYMBOLS } from "../../domain/feed-vocabulary.js";
import type { IndexQuote, QuoteProvider, RetailPriceProvider, RetailProduct, RetailSnapshot } from "../../providers/feeds/port.js";
import { FEED_POLICIES, SINGLE_KEY } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

export type HardwareCategory = "cpu" | "gpu" | "all";

export interface PriceTier {
  label: string;
  count: number;
  /** null only for an empty tier (every product priced alike): no number is invented. */
  avg_price: number | null;
  min_price: number | null;
  max_price: number | null;
  top_products: Array<{ name: string; price: number; brand: string }>;
}

export interface HardwarePrices {
  as_of: string;
  source: string;
  total_products: number;
  avg_price: number;
  median_price: number;
  min_price: number;
  max_price: number;
  tiers: { budget: PriceTier; mid: PriceTier; high: PriceTier };
}

const TOP = 5;
const round2 = (x: number) => Math.round(x * 100) / 100;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function tier(label: string, products: RetailProduct[]): PriceTier {
  const prices = products.map((p) => p.price);
  return {
    label,
    count: products.length,
    avg_price: prices.length === 0 ? null : round2(mean(prices)),
    min_price: prices.length === 0 ? null : Math.min(...prices),
    max_price: prices.length === 0 ? null : Math.max(...prices),
    // In the source's own order (sources list by popularity); we do not re-rank what we cannot observe.
    top_products: products.slice(0, TOP).map((p) => ({ name: p.name, price: p.price, brand: p.brand })),
  };
}

/** Statistics and price terciles (budget / mid / high) of one category of a stored retail snapshot; null when it has none. */
export function summarizeRetail(snapshot: RetailSnapshot, category: HardwareCategory): HardwarePrices | null {
  const products = snapshot.products.filter((p) => category === "all" || p.category === category);
  if (products.length === 0) return null;
  const sorted = [...products].map((p) => p.price).sort((a, b) => a - b);
  const n = sorted.length;
  const median = n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
  const lowCut = sorted[Math.floor(n / 3)]!;
  const highCut = sorted[Math.floor((2 * n) / 3)]!;
  return {
    as_of: snapshot.as_of,
    source: snapshot.source,
    total_products: n,
    avg_price: round2(mean(sorted)),
    median_price: median,
    min_price: sorted[0]!,
    max_price: sorted[n - 1]!,
    tiers: {
      budget: tier(`under ${lowCut}`, products.filter((p) => p.price < lowCut)),
      mid: tier(`${lowCut} to under ${highCut}`, products.filter((p) => p.price >= lowCut && p.price < highCut)),
      high: tier(`${highCut} and above`, products.filter((p) => p.price >= highCut)),
    },
  };
}

/** A symbol's latest daily close and its change over the close before, from the bar store. */
export type LatestDailyClose = (ticker: string) => Promise<{ close: number; changePct: number; dateMs: number }>;

/** Where market_index came from: the live quote (or its stored copy), or the last daily closes in the bar store. */
export type MarketIndexSource = { kind: "quote"; served: Served<Record<string, IndexQuote>> } | { kind: "daily_bars"; asOfMs: number };

/**
 * market_index from one batched quote of the semiconductor names (stored 60 s) or, when neither the quote nor a
 * stored copy of it can be had, from the last two daily closes of each name the bar store can serve (so the
 * spec's "always available" holds offline too); hardware_prices from the latest retail snapshot the daily job
 * stored, or null when none is configured or stored.
 */
export class HardwareService {
  constructor(
    private readonly quotes: QuoteProvider,
    private readonly retail: RetailPriceProvider | undefined,
    private readonly cache: SnapshotCache,
    private readonly clock: Clock,
    private readonly latestDailyClose: LatestDailyClose,
  ) {}

  /** The daily job's work: fetch and store the retail snapshot (no-op without HARDWARE_PRICES_URL). */
  async refreshRetail(): Promise<void> {
    const retail = this.retail;
    if (retail === undefined) return;
    await this.cache.get({ ...FEED_POLICIES.hardwareRetail, ttlMs: 0 }, SINGLE_KEY, () => retail.snapshot());
  }

  async prices(category: HardwareCategory): Promise<{
    marketIndex: Record<string, IndexQuote>;
    source: MarketIndexSource;
    hardware: HardwarePrices | null;
    dateMs: number;
  }> {
    const { marketIndex, source } = await this.marketIndex();
    const stored = await this.cache.latest<RetailSnapshot>(FEED_POLICIES.hardwareRetail.source, SINGLE_KEY);
    return { marketIndex, source, hardware: stored === undefined ? null : summarizeRetail(stored.value, category), dateMs: this.clock.nowMs() };
  }

  private async marketIndex(): Promise<{ marketIndex: Record<string, IndexQuote>; source: MarketIndexSource }> {
    try {
      const served = await this.cache.get(FEED_POLICIES.semisIndex, SEMIS_SYMBOLS.join(","), () => this.quotes.quotes(SEMIS_SYMBOLS));
      return { marketIndex: served.value, source: { kind: "quote", served } };
    } catch (error) {
      if (!(error instanceof AppError) || !error.code.startsWith("UPSTREAM_")) throw error;
      const fromBars = await this.fromDailyBars();
      if (fromBars === undefined) throw error;
      return fromBars;
    }
  }

  /** The names the bar store can serve, each from its own last two closes; undefined when it serves none. */
  private async fromDailyBars(): Promise<{ marketIndex: Record<string, IndexQuote>; source: MarketIndexSource } | undefined> {
    const closes = await Promise.all(SEMIS_SYMBOLS.map((symbol) => this.latestDailyClose(symbol).then((c) => [symbol, c] as const, () => undefined)));
    const known = closes.filter((c) => c !== undefined);
    if (known.length === 0) return undefined;
    const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
    return {
      marketIndex: Object.fromEntries(known.map(([symbol, c]) => [symbol, { price: c.close, change_pct: round(100 * c.changePct, 4) }])),
      source: { kind: "daily_bars", asOfMs: Math.max(...known.map(([, c]) => c.dateMs)) },
    };
  }
}
