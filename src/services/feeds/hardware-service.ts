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

/**
 * market_index from one batched quote of the semiconductor names (stored 60 s); hardware_prices from the
 * latest retail snapshot the daily job stored, or null when none is configured or stored.
 */
export class HardwareService {
  constructor(
    private readonly quotes: QuoteProvider,
    private readonly retail: RetailPriceProvider | undefined,
    private readonly cache: SnapshotCache,
    private readonly clock: Clock,
  ) {}

  /** The daily job's work: fetch and store the retail snapshot (no-op without HARDWARE_PRICES_URL). */
  async refreshRetail(): Promise<void> {
    const retail = this.retail;
    if (retail === undefined) return;
    await this.cache.get({ ...FEED_POLICIES.hardwareRetail, ttlMs: 0 }, SINGLE_KEY, () => retail.snapshot());
  }

  async prices(category: HardwareCategory): Promise<{ index: Served<Record<string, IndexQuote>>; hardware: HardwarePrices | null; dateMs: number }> {
    const index = await this.cache.get(FEED_POLICIES.semisIndex, SEMIS_SYMBOLS.join(","), () => this.quotes.quotes(SEMIS_SYMBOLS));
    const stored = await this.cache.latest<RetailSnapshot>(FEED_POLICIES.hardwareRetail.source, SINGLE_KEY);
    return { index, hardware: stored === undefined ? null : summarizeRetail(stored.value, category), dateMs: this.clock.nowMs() };
  }
}
