import { createHash } from "node:crypto";
import type { Logger } from "pino";
import { closeAtMoment } from "../../analytics/forward-distribution.js";
import { upperBound, type PriceSeries } from "../../analytics/price-series.js";
import { DAY_MS, formatBarTime, parseIsoDate } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { ForecastClaim, ForecastRecord, ForecastSource } from "../../domain/forecast-claim.js";
import type { ForecastLog } from "../../storage/repos/forecast-log.js";

/** Loads a series' daily history from the same store the forecasts read (the series cache). */
export type DailyHistory = (ticker: string) => Promise<PriceSeries>;

export interface ServedForecast {
  source: ForecastSource;
  /** sha256 hex of the signed body bytes (X-Response-Hash without its prefix); null for a replay. */
  responseSha256: string | null;
}

/** Keys sorted at every depth: the same inputs give the same text whatever order they were written in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * Writes forecast claims into the forecast log, one row per distinct forecast (route, series, canonical inputs,
 * as-of bar, horizon; live and replay apart). Called after a paid forecast-like answer was served and signed
 * (http/middleware/after-served.ts) or by the replay. Each claim's as-of date is resolved to the last stored bar at or
 * before it (the bar the forecast ended on), and the row says whether its outcome was still unknown in that
 * history (`exAnte`): a forecast of a past window whose outcome the history already held is logged, never
 * counted in the record.
 */
export class ForecastRecorder {
  constructor(
    private readonly log: ForecastLog,
    private readonly history: DailyHistory,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  /** Logs the claims (a second sale of the same forecast adds nothing); resolves with the number of new rows. */
  async record(claims: readonly ForecastClaim[], served: ServedForecast): Promise<number> {
    const bySeries = new Map<string, ForecastClaim[]>();
    for (const claim of claims) {
      const group = bySeries.get(claim.series);
      if (group === undefined) bySeries.set(claim.series, [claim]);
      else group.push(claim);
    }
    const records: ForecastRecord[] = [];
    for (const [ticker, own] of bySeries) {
      let series: PriceSeries;
      try {
        series = await this.history(ticker);
      } catch (error) {
        this.logger?.warn({ ticker, err: error }, "forecast log: history unavailable, claims not logged");
        continue;
      }
      for (const claim of own) {
        const record = this.toRecord(claim, series, served);
        if (record !== null) records.push(record);
      }
    }
    return this.log.insert(records);
  }

  private toRecord(claim: ForecastClaim, series: PriceSeries, served: ServedForecast): ForecastRecord | null {
    const { timesMs } = series;
    const at = upperBound(timesMs, parseIsoDate(claim.asOfDate)) - 1;
    if (at < 0) {
      this.logger?.warn({ route: claim.route, ticker: claim.series, asOf: claim.asOfDate }, "forecast log: no bar at or before the as-of date");
      return null;
    }
    const asOfMs = timesMs[at];
    const asOfDate = formatBarTime(asOfMs, "1d");
    const inputsJson = canonicalJson(claim.inputs);
    const fingerprint = sha256Hex(canonicalJson({ route: claim.route, series: claim.series, inputs: claim.inputs }));
    // A replay decides at each bar from the bars up to it (tested), so its outcomes were unknown to it by construction.
    const outcomeUnknown =
      claim.horizonUnit === "bars" ? at + claim.horizon >= timesMs.length : closeAtMoment(timesMs, at, asOfMs + claim.horizon * DAY_MS).status === "beyond_history";
    const exAnte = served.source === "replay" || outcomeUnknown;
    const { inputs: _inputs, ...figures } = claim;
    return {
      ...figures,
      id: sha256Hex([served.source, claim.route, claim.series, fingerprint, asOfDate, claim.horizon].join("|")).slice(0, 32),
      source: served.source,
      inputsJson,
      fingerprint,
      asOfDate,
      asOfMs,
      loggedAtMs: this.clock.nowMs(),
      responseSha256: served.responseSha256,
      exAnte,
      // The earliest moment the outcome can exist: a bar horizon is at least as many calendar days.
      dueAtMs: asOfMs + claim.horizon * DAY_MS,
      status: "pending",
      pendingReason: null,
      score: null,
    };
  }
}
