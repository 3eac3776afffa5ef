import { trackRecord, type RecordGroup } from "../../analytics/track-record.js";
import type { Clock } from "../../domain/clock.js";
import type { ForecastRecord } from "../../domain/forecast-claim.js";
import type { ForecastLog } from "../../storage/repos/forecast-log.js";

/** How long a computed record is served before it is computed again (the log changes hourly at most, sales aside). */
export const RECORD_TTL_MS = 60_000;

export interface TrackRecord {
  generatedAtMs: number;
  live: { rows: number; groups: RecordGroup[] };
  replay: { rows: number; groups: RecordGroup[] };
}

/**
 * The public track record, computed from the forecast log (analytics/track-record.ts), live and replay apart. A
 * whole-log pass, so a computed record is reused for RECORD_TTL_MS: the route is free, and any caller may ask.
 */
export class TrackRecordService {
  private cached: { atMs: number; record: Promise<TrackRecord> } | undefined;

  constructor(
    private readonly log: ForecastLog,
    private readonly clock: Clock,
    /** Where the bars that score the record come from (offline, yahoo). */
    readonly priceSource: string,
  ) {}

  record(): Promise<TrackRecord> {
    const nowMs = this.clock.nowMs();
    if (this.cached === undefined || nowMs - this.cached.atMs >= RECORD_TTL_MS) {
      const record = this.compute(nowMs);
      this.cached = { atMs: nowMs, record };
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
