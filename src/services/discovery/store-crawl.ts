import type { RawIndexCrawl } from "../../providers/discovery-indexes/port.js";
import type { IndexMirror } from "../../storage/repos/index-mirror.js";
import type { IndexLabel } from "./mirrored-resource.js";
import { normaliseCdpItems, normaliseX402scanItems, type NormalisedCrawl } from "./normalise-listings.js";

const NORMALISERS: Record<IndexLabel, (items: readonly unknown[]) => NormalisedCrawl> = {
  cdp: normaliseCdpItems,
  x402scan: normaliseX402scanItems,
};

/** How many snapshots of each index are kept (older crawls are pruned after each new one). */
export const SNAPSHOTS_KEPT = 30;

export interface StoredCrawl {
  index: IndexLabel;
  snapshotId: string;
  crawledAtMs: number;
  items: number;
  resources: number;
  rejected: number;
  duplicates: number;
  partial: boolean;
}

/** Normalises one raw crawl (job or recording) and stores it as the index's snapshot at its crawl time. */
export async function storeCrawl(mirror: IndexMirror, index: IndexLabel, crawl: RawIndexCrawl): Promise<StoredCrawl> {
  const normalised = NORMALISERS[index](crawl.items);
  const snapshotId = await mirror.saveSnapshot({
    index,
    crawledAtMs: crawl.crawledAtMs,
    source: crawl.source,
    partial: crawl.partial,
    ...(crawl.note === undefined ? {} : { note: crawl.note }),
    resources: normalised.resources,
  });
  await mirror.prune(index, SNAPSHOTS_KEPT);
  return {
    index,
    snapshotId,
    crawledAtMs: crawl.crawledAtMs,
    items: crawl.items.length,
    resources: normalised.resources.length,
    rejected: normalised.rejected,
    duplicates: normalised.duplicates,
    partial: crawl.partial,
  };
}
