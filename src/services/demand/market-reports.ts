import type { ClientBucket, PrivateLog, ReportWindow } from "./privacy.js";
import type { ConversionRow, DemandLogReports, UnmetRow } from "./demand-log-reports.js";
import type { DemandSources, IndexFreshness, IndexLabel, MirroredResource } from "./demand-sources.js";
import { topicOfText } from "./request-facets.js";
import { ownValue } from "../../domain/own-value.js";

/**
 * Competitors, matches and pricing: our published demand rows beside the supply of the mirrored discovery
 * indexes. Listings are public data (no client in them), so the census is not suppressed; every figure taken
 * from our log comes through the privacy module.
 */

export interface CategoryCensus {
  category: string;
  resources: number;
  origins: number;
  by_index: Partial<Record<IndexLabel, number>>;
  median_price_usd: number | null;
  priced_resources: number;
}

export interface SellerMatch {
  index: IndexLabel;
  origin: string;
  path: string;
  price_usd: number | null;
  description: string;
  match_basis: string;
}

export interface PricingRow {
  category: string;
  our_conversion: { price_band: string; quotes: number; conversion_rate_pct: number | null }[];
  competitor_prices: { resources: number; p25_usd: number | null; median_usd: number | null; p75_usd: number | null };
  suggested_range_usd: { low: number; high: number } | null;
  basis: string;
}

const MAX_SELLERS_PER_ROW = 3;
const MIN_COMPETITOR_PRICES = 3;

const BAND_EDGES: Record<string, [number, number]> = {
  "under_0.01": [0.001, 0.009],
  "0.01-0.049": [0.01, 0.049],
  "0.05-0.099": [0.05, 0.099],
  "0.10-0.249": [0.1, 0.249],
  "0.25+": [0.25, 1],
};

export const resourceCategory = (r: MirroredResource) => topicOfText(`${r.path} ${r.description}`);

export class MarketReports {
  constructor(
    private readonly log: PrivateLog,
    private readonly demand: DemandLogReports,
    private readonly sources: DemandSources,
  ) {}

  freshness(): Promise<readonly IndexFreshness[]> {
    return this.sources.indexFreshness();
  }

  async competitors(window: ReportWindow): Promise<{ census: CategoryCensus[]; freshness: readonly IndexFreshness[]; ecosystems: { ecosystem: string; requests: number; clients: ClientBucket }[] }> {
    const [resources, freshness, ecosystems] = await Promise.all([
      this.sources.mirroredResources(),
      this.sources.indexFreshness(),
      this.log.rows(["ecosystem"], window),
    ]);
    const groups = groupBy(resources, resourceCategory);
    const census = [...groups].map(([category, listed]) => ({
      category,
      resources: listed.length,
      origins: new Set(listed.map((r) => r.origin)).size,
      by_index: Object.fromEntries([...groupBy(listed, (r) => r.index)].map(([index, rs]) => [index, rs.length])),
      median_price_usd: quantile(prices(listed), 0.5),
      priced_resources: prices(listed).length,
    }));
    census.sort((a, b) => b.resources - a.resources || a.category.localeCompare(b.category));
    const crawling = ecosystems
      .map((r) => ({ ecosystem: String(r.key.ecosystem), requests: r.requests, clients: r.clients }))
      .sort((a, b) => b.requests - a.requests || a.ecosystem.localeCompare(b.ecosystem));
    return { census, freshness, ecosystems: crawling };
  }

  async matches(window: ReportWindow): Promise<{ unmet: UnmetRow; sellers: SellerMatch[] }[]> {
    const [unmet, resources] = await Promise.all([this.demand.unmet(window), this.sources.mirroredResources()]);
    return unmet.map((row) => ({ unmet: row, sellers: sellersFor(row, resources) }));
  }

  async pricing(window: ReportWindow): Promise<PricingRow[]> {
    const [{ rows }, resources] = await Promise.all([this.demand.conversion(window), this.sources.mirroredResources()]);
    const competitors = groupBy(resources, resourceCategory);
    const categories = new Set([...rows.map((r) => r.category), ...competitors.keys()]);
    return [...categories].sort().map((category) => pricingRow(category, rows.filter((r) => r.category === category), competitors.get(category) ?? []));
  }
}

function pricingRow(category: string, ours: ConversionRow[], theirs: MirroredResource[]): PricingRow {
  const listed = prices(theirs);
  const competitor_prices = { resources: listed.length, p25_usd: quantile(listed, 0.25), median_usd: quantile(listed, 0.5), p75_usd: quantile(listed, 0.75) };
  const our_conversion = ours.map((r) => ({ price_band: r.price_band, quotes: r.excluding_monitors.quotes, conversion_rate_pct: r.excluding_monitors.conversion_rate_pct }));
  if (listed.length >= MIN_COMPETITOR_PRICES) {
    return {
      category,
      our_conversion,
      competitor_prices,
      suggested_range_usd: { low: competitor_prices.p25_usd!, high: competitor_prices.p75_usd! },
      basis: `the interquartile range of ${listed.length} competing listings' prices in the mirrored indexes`,
    };
  }
  const best = our_conversion.filter((r) => r.conversion_rate_pct !== null && ownValue(BAND_EDGES, r.price_band) !== undefined).sort((a, b) => b.conversion_rate_pct! - a.conversion_rate_pct! || b.quotes - a.quotes)[0];
  if (best !== undefined) {
    const [low, high] = ownValue(BAND_EDGES, best.price_band)!;
    return { category, our_conversion, competitor_prices, suggested_range_usd: { low, high }, basis: `our best-converting price band (${best.price_band}: ${best.conversion_rate_pct}% of ${best.quotes} quotes paid, monitors excluded); fewer than ${MIN_COMPETITOR_PRICES} priced competing listings` };
  }
  return { category, our_conversion, competitor_prices, suggested_range_usd: null, basis: "no evidence: no publishable quotes of ours and fewer than 3 priced competing listings" };
}

function sellersFor(row: UnmetRow, resources: readonly MirroredResource[]): SellerMatch[] {
  const words = new Set(row.path.split(/[^a-z0-9]+/).filter((w) => w.length >= 3 && w !== "api" && w !== "{id}"));
  return resources
    .map((r) => {
      const theirs = `${r.path} ${r.description}`.toLowerCase();
      const shared = [...words].filter((w) => theirs.includes(w));
      const sameCategory = resourceCategory(r) === row.category;
      const score = shared.length * 2 + (sameCategory ? 1 : 0);
      const basis = [shared.length > 0 ? `shares ${shared.join(", ")}` : "", sameCategory ? `same category (${row.category})` : ""].filter((s) => s !== "").join("; ");
      return { r, score, basis };
    })
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || (a.r.price_usd ?? Infinity) - (b.r.price_usd ?? Infinity) || a.r.origin.localeCompare(b.r.origin))
    .slice(0, MAX_SELLERS_PER_ROW)
    .map(({ r, basis }) => ({ index: r.index, origin: r.origin, path: r.path, price_usd: r.price_usd, description: r.description.slice(0, 200), match_basis: basis }));
}

function prices(resources: readonly MirroredResource[]): number[] {
  return resources.map((r) => r.price_usd).filter((p): p is number => p !== null && Number.isFinite(p) && p >= 0).sort((a, b) => a - b);
}

/** Linear-interpolated quantile of sorted values; null when empty. */
function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return Math.round((sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo)) * 1e6) / 1e6;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}
