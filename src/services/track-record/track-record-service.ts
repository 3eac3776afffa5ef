import { trackRecord, type RecordGroup } from "../../analytics/track-record.js";
import type { Clock } from "../../domain/clock.js";
import type { ForecastRecord } from "../../domain/forecast-claim.js";
import type { ForecastLog } from "../../storage/repos/forecast-log.js";

export interface TrackRecord {
  generatedAtMs: number;
  live: { rows: number; groups: RecordGroup[] };
  replay: { rows: number; groups: RecordGroup[] };
}

/**
 * The public track record, computed from the forecast log (analytics/track-record.ts), live and replay apart. A
 * whole-log pass, so a computed record is reused until the log's version (ForecastLog.version) moves: the route is
 * free, and any caller may ask.
 */
export class TrackRecordService {
  private cached: { version: string; record: Promise<TrackRecord> } | undefined;

  constructor(
    private readonly log: ForecastLog,
    private readonly clock: Clock,
    /** Where the bars that score the record come from (offline, yahoo). */
    readonly priceSource: string,
  ) {}

  async record(): Promise<TrackRecord> {
    const version = await this.log.version();
    if (this.cached === undefined || this.cached.version !== version) {
      const record = this.compute(this.clock.nowMs());
      this.cached = { version, record };
      record.catch(() => (this.cached = undefined));
    }
    return this.cached.record;
  }

  /** The rows a paid answer logged, by the sha256 hex of its signed body. */
  byResponseHash(sha256Hex: string): Promise<ForecastRecord[]> {
    return this.log.byResponseHash(sha256Hex.toLowerCase());
  }

  private async compute(nowMs: number): Promise<TrackRecord> {
    const [live, replay] = await Promise.all([this.log.all("live"), this.log.all("replay")]);
    return { generatedAtMs: nowMs, live: { rows: live.length, groups: trackRecord(live) }, replay: { rows: replay.length, groups: trackRecord(replay) } };
  }
}
