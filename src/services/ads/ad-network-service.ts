import { AD_PLACEMENTS, type AdPlacement } from "../../domain/ad-campaign.js";
import { DAY_MS, formatBarTime } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { AdStore } from "../../storage/repos/ad-store.js";
import { advertiserBucket } from "./advertiser-bucket.js";

export const NETWORK_WINDOW_DAYS = 30;

/** Figures that rest on advertisers: null together when fewer than 3 advertisers contributed. */
export interface PublishedActivity {
  impressions: number;
  clicks: number;
  fillRate: number | null;
  clickThroughRate: number | null;
  advertisers: string;
}

export interface PlacementStats {
  placement: AdPlacement;
  /** Our own traffic (serve requests, filled or not): always published. */
  serveRequests: number;
  activity: PublishedActivity | null;
}

export interface NetworkStats {
  fromMs: number;
  toMs: number;
  campaigns: { active: number; exhausted: number; advertisers: string } | null;
  placements: PlacementStats[];
  /** Sums over the published placements only, so a withheld placement cannot be recovered by subtraction. */
  total: { serveRequests: number; activity: PublishedActivity | null; placementsIncluded: AdPlacement[] };
}

const ratio = (numerator: number, denominator: number) => (denominator === 0 ? null : numerator / denominator);

/**
 * Aggregate statistics of the network under the demand reports' privacy rules: never a row per campaign or
 * per advertiser, never a wallet; advertiser counts only as buckets; any figure resting on fewer than 3
 * distinct advertisers withheld, and totals summed over published rows only.
 */
export class AdNetworkService {
  constructor(
    private readonly store: AdStore,
    private readonly clock: Clock,
  ) {}

  async stats(): Promise<NetworkStats> {
    const toMs = this.clock.nowMs();
    // The window is whole UTC days, today included, so impressions and the daily serve counters cover the same span.
    const fromMs = Math.floor(toMs / DAY_MS) * DAY_MS - (NETWORK_WINDOW_DAYS - 1) * DAY_MS;
    const [totals, activity, serves] = await Promise.all([
      this.store.campaignTotals(),
      this.store.activitySince(fromMs),
      this.store.serveCountsSince(formatBarTime(fromMs, "1d")),
    ]);
    const placements = AD_PLACEMENTS.map((placement): PlacementStats & { filled: number } => {
      const served = serves.find((s) => s.placement === placement) ?? { requests: 0, filled: 0 };
      const row = activity.find((a) => a.placement === placement);
      const bucket = row === undefined ? null : advertiserBucket(row.advertisers);
      return {
        placement,
        serveRequests: served.requests,
        filled: served.filled,
        activity: row === undefined || bucket === null ? null : published(row.impressions, row.clicks, served, bucket),
      };
    });
    const included = placements.filter((p) => p.activity !== null);
    const totalBucket = advertiserBucket(await this.store.advertisersSince(fromMs, included.map((p) => p.placement)));
    const sum = (pick: (p: (typeof placements)[number]) => number) => included.reduce((s, p) => s + pick(p), 0);
    const campaignBucket = advertiserBucket(totals.advertisers);
    return {
      fromMs,
      toMs,
      campaigns: campaignBucket === null ? null : { active: totals.active, exhausted: totals.exhausted, advertisers: campaignBucket },
      placements: placements.map(({ placement, serveRequests, activity: a }) => ({ placement, serveRequests, activity: a })),
      total: {
        serveRequests: placements.reduce((s, p) => s + p.serveRequests, 0),
        activity:
          totalBucket === null
            ? null
            : published(sum((p) => p.activity!.impressions), sum((p) => p.activity!.clicks), { requests: sum((p) => p.serveRequests), filled: sum((p) => p.filled) }, totalBucket),
        placementsIncluded: included.map((p) => p.placement),
      },
    };
  }
}

function published(impressions: number, clicks: number, served: { requests: number; filled: number }, advertisers: string): PublishedActivity {
  return { impressions, clicks, fillRate: ratio(served.filled, served.requests), clickThroughRate: ratio(clicks, impressions), advertisers };
}
