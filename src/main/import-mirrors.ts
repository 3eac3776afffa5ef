import fs from "node:fs";
import path from "node:path";
import { INDEX_LABELS, type IndexLabel } from "../services/discovery/mirrored-resource.js";
import { storeCrawl, type StoredCrawl } from "../services/discovery/store-crawl.js";
import type { IndexMirror } from "../storage/repos/index-mirror.js";

/** The recorded CDP Bazaar crawl in ../shared/fixtures (1400 items, crawled 2025-12-31). */
export const RECORDED_CDP_CRAWL = path.join("x402", "cdp-bazaar-discovery-resources.crawl-2025-12-31.json");

/**
 * Loads a recorded crawl: `{resources | items | data: [...], crawledAt: ISO, facilitatorUrl?, partial?,
 * index?: "cdp" | "x402scan"}` (the shape of the recorded CDP crawl; `index` defaults to cdp). The crawl
 * time is the recording's own `crawledAt`: a file without one is refused, never dated by guess.
 */
export async function importCrawlFile(mirror: IndexMirror, file: string): Promise<StoredCrawl> {
  const body = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
  const items = [body.resources, body.items, body.data].find(Array.isArray) as unknown[] | undefined;
  if (items === undefined) throw new Error(`${file}: no resources, items or data array`);
  const crawledAtMs = typeof body.crawledAt === "string" ? Date.parse(body.crawledAt) : Number.NaN;
  if (!Number.isFinite(crawledAtMs)) throw new Error(`${file}: no crawledAt time; a crawl is only imported with the time it was made`);
  const index = (body.index ?? "cdp") as IndexLabel;
  if (!INDEX_LABELS.includes(index)) throw new Error(`${file}: index must be one of ${INDEX_LABELS.join(", ")}`);
  const source = typeof body.facilitatorUrl === "string" ? `${body.facilitatorUrl} (recorded crawl ${path.basename(file)})` : `recorded crawl ${path.basename(file)}`;
  return storeCrawl(mirror, index, { crawledAtMs, source, items, partial: body.partial === true });
}
