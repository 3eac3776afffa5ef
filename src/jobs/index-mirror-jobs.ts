import type { DiscoveryIndexCrawler } from "../providers/discovery-indexes/port.js";
import type { IndexLabel } from "../services/discovery/mirrored-resource.js";
import { storeCrawl } from "../services/discovery/store-crawl.js";
import type { IndexMirror } from "../storage/repos/index-mirror.js";
import type { RecurringJob } from "./job-runner.js";

const HOUR_MS = 3_600_000;
/** CDP's listing is free and cached for ~10 minutes upstream; x402scan's costs money per page, so daily. */
export const MIRROR_INTERVAL_MS: Record<IndexLabel, number> = { cdp: 6 * HOUR_MS, x402scan: 24 * HOUR_MS };

/**
 * Crawls one discovery index through its own interface and stores the crawl as a snapshot. A crawl that
 * fails stores nothing: readers keep the previous snapshot, whose crawl time says how old it is.
 */
export function indexMirrorJob(index: IndexLabel, crawler: DiscoveryIndexCrawler, mirror: IndexMirror): RecurringJob {
  return {
    name: `index-mirror-${index}`,
    everyMs: MIRROR_INTERVAL_MS[index],
    run: async ({ logger, signal }) => {
      try {
        const stored = await storeCrawl(mirror, index, await crawler.crawl(signal));
        logger.info({ job: `index-mirror-${index}`, ...stored }, "discovery index mirrored");
      } catch (error) {
        logger.warn({ job: `index-mirror-${index}`, err: error instanceof Error ? error.message : String(error) }, "discovery index not mirrored this time");
      }
    },
  };
}
