import type { IndexFreshness } from "../../storage/repos/index-mirror.js";
import { INDEX_LABELS, listingKey, type IndexLabel, type MirroredResource } from "./mirrored-resource.js";
import { median } from "../../core/statistics.js";
import { DAY_MS } from "../../domain/bar.js";

export const STALE_AFTER_DAYS = 60;
const EXAMPLES = 5;
const LARGEST = 10;

/** The latest snapshot of one index, as the census reads it. */
export interface IndexSnapshotView {
  freshness: IndexFreshness;
  resources: readonly MirroredResource[];
}

export interface CensusReport {
  title: string;
  indexes_mirrored: IndexLabel[];
  indexes_missing: IndexLabel[];
  origins_listed: number;
  resources_listed: number;
  headline: { listed_in_both_indexes: number; listed_in_only_one: number; pct_single_indexed: number; read: string };
  single_index_breakdown: Array<{ only_in: IndexLabel; origins: number }>;
  price_disagreements: { count: number; read: string; examples: Array<{ origin: string; path: string } & Partial<Record<IndexLabel, number>>> };
  listings_not_updated_in_60_days: Array<{ index: IndexLabel; resources: number; undated: number; as_of: string }>;
  median_price_usd_by_index: Partial<Record<IndexLabel, number>>;
  largest_catalogues: Array<{ origin: string; resources: number; indexes: IndexLabel[]; single_index: boolean }>;
  method: string;
  your_row: string;
  mirror_freshness: Partial<Record<IndexLabel, string>>;
}

/** Median of a list (mean of the two middle values for an even count); null when empty. */
export function medianOrNull(values: readonly number[]): number | null {
  return values.length === 0 ? null : median(values);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The census of the public discovery indexes, computed only from our stored mirrors. Every count is over the
 * mirrored indexes: with one of them missing, "listed in only one" means only in the one we see, and
 * `indexes_missing` and each `read` say so (the counts are then bounds, not the overlap of the two).
 */
export function buildCensus(views: readonly IndexSnapshotView[], ourOrigin: string): CensusReport {
  const mirrored = views.filter((v) => v.freshness.mirrored);
  const labels = mirrored.map((v) => v.freshness.index);
  const missing = INDEX_LABELS.filter((l) => !labels.includes(l));
  const indexesByOrigin = new Map<string, Set<IndexLabel>>();
  const listingsByOrigin = new Map<string, Set<string>>();
  for (const view of mirrored) {
    for (const r of view.resources) {
      indexesByOrigin.set(r.origin, (indexesByOrigin.get(r.origin) ?? new Set()).add(r.index));
      listingsByOrigin.set(r.origin, (listingsByOrigin.get(r.origin) ?? new Set()).add(listingKey(r)));
    }
  }
  const resourcesListed = [...listingsByOrigin.values()].reduce((n, s) => n + s.size, 0);
  const both = [...indexesByOrigin.values()].filter((s) => s.size === INDEX_LABELS.length).length;
  const single = indexesByOrigin.size - both;
  const pct = indexesByOrigin.size === 0 ? 0 : round((100 * single) / indexesByOrigin.size, 1);
  const missingText = missing.map((l) => `${l} is missing (not mirrored)`).join(", ");
  const headline = {
    listed_in_both_indexes: both,
    listed_in_only_one: single,
    pct_single_indexed: pct,
    read:
      missing.length === 0
        ? `${pct}% of ${indexesByOrigin.size} origins are listed in only one of the two indexes.`
        : `Measured over ${labels.join(" and ") || "no index"} only: ${missingText}, so an origin it lists counts as single-indexed here; ` +
          `${pct}% of ${indexesByOrigin.size} origins is an upper bound on single-indexing, and ${both} a lower bound on the overlap.`,
  };

  return {
    title: "Census of the public x402 discovery indexes",
    indexes_mirrored: labels,
    indexes_missing: missing,
    origins_listed: indexesByOrigin.size,
    resources_listed: resourcesListed,
    headline,
    single_index_breakdown: labels.map((only) => ({ only_in: only, origins: [...indexesByOrigin.values()].filter((s) => s.size === 1 && s.has(only)).length })),
    price_disagreements: priceDisagreements(mirrored, missingText),
    listings_not_updated_in_60_days: mirrored.map((v) => staleCount(v)),
    median_price_usd_by_index: Object.fromEntries(
      mirrored.flatMap((v) => {
        const median = medianOrNull(v.resources.filter(isPricedMainnet).map((r) => r.price_usd as number));
        return median === null ? [] : [[v.freshness.index, median]];
      }),
    ),
    largest_catalogues: [...listingsByOrigin.entries()]
      .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
      .slice(0, LARGEST)
      .map(([origin, keys]) => {
        const indexes = INDEX_LABELS.filter((l) => indexesByOrigin.get(origin)?.has(l));
        return { origin, resources: keys.size, indexes, single_index: indexes.length === 1 };
      }),
    method: methodText(mirrored, missing),
    your_row: yourRow(mirrored, ourOrigin),
    mirror_freshness: Object.fromEntries(mirrored.map((v) => [v.freshness.index, new Date(v.freshness.crawledAtMs ?? 0).toISOString()])),
  };
}

function isPricedMainnet(r: MirroredResource): boolean {
  return r.price_usd !== null && !r.testnet;
}

function priceDisagreements(mirrored: readonly IndexSnapshotView[], missingText: string): CensusReport["price_disagreements"] {
  if (mirrored.length < INDEX_LABELS.length) {
    return { count: 0, read: `None can be seen: ${missingText}, and a disagreement needs the same listing in both indexes.`, examples: [] };
  }
  const [a, b] = INDEX_LABELS;
  const priceOf = (label: IndexLabel) =>
    new Map(mirrored.find((v) => v.freshness.index === label)!.resources.filter((r) => r.price_usd !== null).map((r) => [listingKey(r), r] as const));
  const pricesA = priceOf(a);
  const pricesB = priceOf(b);
  const differing = [...pricesA.entries()]
    .map(([key, ra]) => ({ ra, rb: pricesB.get(key) }))
    .filter((p): p is { ra: MirroredResource; rb: MirroredResource } => p.rb !== undefined && Math.abs(p.ra.price_usd! - p.rb.price_usd!) > 1e-9)
    .sort((x, y) => Math.abs(y.ra.price_usd! - y.rb.price_usd!) - Math.abs(x.ra.price_usd! - x.rb.price_usd!));
  return {
    count: differing.length,
    read: `${differing.length} listing(s) present in both indexes are priced differently (USD after each index's unit conversion).`,
    examples: differing.slice(0, EXAMPLES).map(({ ra, rb }) => ({ origin: ra.origin, path: ra.path, [a]: ra.price_usd!, [b]: rb.price_usd! })),
  };
}

function staleCount(view: IndexSnapshotView): CensusReport["listings_not_updated_in_60_days"][number] {
  const asOfMs = view.freshness.crawledAtMs ?? 0;
  const cutoffMs = asOfMs - STALE_AFTER_DAYS * DAY_MS;
  const dated = view.resources.filter((r) => r.last_updated !== null);
  return {
    index: view.freshness.index,
    resources: dated.filter((r) => Date.parse(r.last_updated!) < cutoffMs).length,
    undated: view.resources.length - dated.length,
    as_of: new Date(asOfMs).toISOString(),
  };
}

function yourRow(mirrored: readonly IndexSnapshotView[], ourOrigin: string): string {
  const parts = INDEX_LABELS.map((l) => {
    const view = mirrored.find((v) => v.freshness.index === l);
    return view === undefined ? `${l}: not mirrored` : `${l}: ${view.resources.filter((r) => r.origin === ourOrigin).length} listing(s)`;
  });
  return `${ourOrigin}: ${parts.join("; ")}. Check any origin's conformance and its listings with GET /api/probe?origin=${ourOrigin}`;
}

function methodText(mirrored: readonly IndexSnapshotView[], notMirrored: readonly IndexLabel[]): string {
  const crawls = mirrored
    .map((v) => `${v.freshness.index} crawled ${new Date(v.freshness.crawledAtMs ?? 0).toISOString()} from ${v.freshness.source}${v.freshness.partial ? " (partial crawl)" : ""}`)
    .join("; ");
  return (
    `Built only from our stored mirrors of each index's own listing interface (no listed origin is contacted): ${crawls || "no index mirrored yet"}` +
    `${notMirrored.length > 0 ? `; ${notMirrored.join(", ")} not mirrored${notMirrored.includes("x402scan") ? " (x402scan's listing is paid and needs MIRROR_WALLET_PRIVATE_KEY)" : ""}: every figure leaves it out and indexes_missing names it` : ""}. ` +
    "A listing is (origin, path and query, method); an origin is scheme://host[:port]. Prices are decimal USD: CDP amounts are atomic units " +
    "divided by the asset's decimals (USDC only; other assets are unpriced), x402scan amounts are already USD. Medians are over priced " +
    `mainnet listings (test networks excluded). Not updated in ${STALE_AFTER_DAYS} days: lastUpdated more than ${STALE_AFTER_DAYS} days before ` +
    "that index's crawl time (listings without a parseable date are counted as undated). Duplicates within a crawl are dropped (newest kept)."
  );
}
