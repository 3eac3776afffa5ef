import fs from "node:fs";
import path from "node:path";
import { INDEX_LABELS, type IndexLabel } from "../services/discovery/mirrored-resource.js";
import { storeCrawl, type StoredCrawl } from "../services/discovery/store-crawl.js";
import type { IndexMirror } from "../storage/repos/index-mirror.js";

/** The recorded CDP Bazaar crawl in ../shared/fixtures (1400 items, crawled 2025-12-31). */
export const RECORDED_CDP_CRAWL = path.join("x402", "cdp-bazaar-discovery-resources.crawl-2025-12-31.json");

/** A crawl file that cannot be imported (missing, not JSON, not a crawl): the message names the file and why. */
export class CrawlFileError extends Error {
  constructor(file: string, reason: string) {
    super(`${path.resolve(file)}: ${reason}`);
    this.name = "CrawlFileError";
  }
}

function readCrawlFile(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CrawlFileError(file, code === "ENOENT" ? "no such file" : code === "EISDIR" ? "a directory, not a crawl file" : `unreadable (${code})`);
  }
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body === "object" && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {
    // Reported below, as for JSON that is not an object.
  }
  throw new CrawlFileError(file, "not a JSON object (a recorded crawl is one)");
}

/**
 * Loads a recorded crawl: `{resources | items | data: [...], crawledAt: ISO, facilitatorUrl?, partial?,
 * index?: "cdp" | "x402scan"}` (the shape of the recorded CDP crawl; `index` defaults to cdp). The crawl
 * time is the recording's own `crawledAt`: a file without one is refused, never dated by guess.
 */
export async function importCrawlFile(mirror: IndexMirror, file: string): Promise<StoredCrawl> {
  const body = readCrawlFile(file);
  const items = [body.resources, body.items, body.data].find(Array.isArray) as unknown[] | undefined;
  if (items === undefined) throw new CrawlFileError(file, "no resources, items or data array");
  const crawledAtMs = typeof body.crawledAt === "string" ? Date.parse(body.crawledAt) : Number.NaN;
  if (!Number.isFinite(crawledAtMs)) throw new CrawlFileError(file, "no crawledAt time; a crawl is only imported with the time it was made");
  const index = (body.index ?? "cdp") as IndexLabel;
  if (!INDEX_LABELS.includes(index)) throw new CrawlFileError(file, `index must be one of ${INDEX_LABELS.join(", ")}`);
  const source = typeof body.facilitatorUrl === "string" ? `${body.facilitatorUrl} (recorded crawl ${path.basename(file)})` : `recorded crawl ${path.basename(file)}`;
  return storeCrawl(mirror, index, { crawledAtMs, source, items, partial: body.partial === true });
}
