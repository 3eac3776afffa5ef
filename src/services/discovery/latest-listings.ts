import type { IndexMirror } from "../../storage/repos/index-mirror.js";
import type { IndexSnapshotView } from "./census-report.js";

/**
 * The latest snapshot of every index, read once per crawl: the listings are re-read only when an index's
 * latest crawl time changes (a job or an import stored a new one), so routes do not parse every listing per call.
 */
export class LatestListings {
  private cached: { stamp: string; views: IndexSnapshotView[] } | undefined;

  constructor(private readonly mirror: IndexMirror) {}

  async views(): Promise<{ stamp: string; views: IndexSnapshotView[] }> {
    const freshness = await this.mirror.freshness();
    const stamp = freshness.map((f) => `${f.index}:${f.crawledAtMs ?? "-"}`).join("|");
    if (this.cached?.stamp !== stamp) {
      const views = await Promise.all(
        freshness.map(async (f) => ({ freshness: f, resources: f.mirrored ? await this.mirror.latestResources(f.index) : [] })),
      );
      this.cached = { stamp, views };
    }
    return this.cached;
  }
}
