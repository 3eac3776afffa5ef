import type { Kysely, Selectable } from "kysely";
import type { ForecastRecord, ForecastScore, ForecastSource, ForecastStatus, HorizonUnit, ClaimOutcomeKind } from "../../domain/forecast-claim.js";
import type { DatabaseSchema, ForecastLogTable } from "../database-schema.js";
import { dueRows, recordPendingReason, scoreOnce } from "./pending-outcomes.js";

const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);
const unflag = (v: number | null) => (v === null ? null : v === 1);

/**
 * The forecast log: one row per distinct forecast. `insert` is the only write of the claim columns (a second
 * insert of the same forecast does nothing, so the first sale's response hash stays); `score` writes the outcome
 * once, conditional on the row still being pending, so two scorers or a re-run cannot score a row twice.
 */
export class ForecastLog {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Inserts the rows that are not logged yet; returns how many were new. */
  async insert(records: readonly ForecastRecord[]): Promise<number> {
    if (records.length === 0) return 0;
    const result = await this.db
      .insertInto("forecast_log")
      .values(records.map(toRow))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  /** Pending rows due at nowMs, oldest due first; `after` (the previous batch's last row) pages on. */
  async due(nowMs: number, limit: number, after?: { dueAtMs: number; id: string }): Promise<ForecastRecord[]> {
    return (await dueRows(this.db, "forecast_log", nowMs, limit, after)).map(toRecord);
  }

  /** Writes the score if the row is still pending; false when it was already scored. */
  async score(id: string, score: ForecastScore): Promise<boolean> {
    return scoreOnce(this.db, "forecast_log", id, {
      outcome_date: score.outcomeDate,
      realised: score.realised,
      inside_range: flag(score.insideRange),
      inside_mean_interval: flag(score.insideMeanInterval),
      direction_right: flag(score.directionRight),
      baseline_direction_right: flag(score.baselineDirectionRight),
      brier: score.brier,
      baseline_brier: score.baselineBrier,
      realised_volatility: score.realisedVolatility,
      trailing_volatility: score.trailingVolatility,
      scored_at_ms: score.scoredAtMs,
    });
  }

  /** Why a due row cannot be scored yet (only while pending). */
  async markPending(id: string, reason: string): Promise<void> {
    await recordPendingReason(this.db, "forecast_log", id, reason);
  }

  /** Marks a pending row that can never be scored (no close stands for its horizon: a gap in the bars). */
  async markVoid(id: string, reason: string): Promise<void> {
    await this.db.updateTable("forecast_log").set({ status: "void", pending_reason: reason }).where("id", "=", id).where("status", "=", "pending").execute();
  }

  /** Every row of a source (or both), in as-of order: what the track record is computed from. */
  async all(source?: ForecastSource): Promise<ForecastRecord[]> {
    let select = this.db.selectFrom("forecast_log").selectAll();
    if (source !== undefined) select = select.where("source", "=", source);
    return (await select.orderBy("as_of_ms").orderBy("id").execute()).map(toRecord);
  }

  /**
   * A figure that changes whenever the record can (a row logged, scored or voided; rows are never deleted):
   * the number of rows and of rows no longer pending. Cheap, so a computed record can be reused until it moves.
   */
  async version(): Promise<string> {
    const row = await this.db
      .selectFrom("forecast_log")
      .select((eb) => [eb.fn.countAll<number>().as("rows"), eb.fn.count<number>("scored_at_ms").as("scored"), eb.fn.count<number>("pending_reason").as("reasons")])
      .executeTakeFirstOrThrow();
    return `${Number(row.rows)}|${Number(row.scored)}|${Number(row.reasons)}`;
  }

  /** The rows whose first sale had this signed body (sha256 hex): how a buyer finds their forecast. */
  async byResponseHash(sha256Hex: string): Promise<ForecastRecord[]> {
    const rows = await this.db.selectFrom("forecast_log").selectAll().where("response_sha256", "=", sha256Hex).orderBy("horizon").orderBy("id").execute();
    return rows.map(toRecord);
  }

  /** The as-of dates already logged for one route and series of a source (the replay resumes after them). */
  async asOfDates(source: ForecastSource, route: string, series: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom("forecast_log")
      .select("as_of_date")
      .distinct()
      .where("source", "=", source)
      .where("route", "=", route)
      .where("series", "=", series)
      .execute();
    return new Set(rows.map((r) => r.as_of_date));
  }
}

function toRow(r: ForecastRecord): ForecastLogTable {
  return {
    id: r.id,
    source: r.source,
    route: r.route,
    series: r.series,
    inputs: r.inputsJson,
    fingerprint: r.fingerprint,
    as_of_date: r.asOfDate,
    as_of_ms: r.asOfMs,
    horizon: r.horizon,
    horizon_unit: r.horizonUnit,
    outcome_kind: r.outcomeKind,
    logged_at_ms: r.loggedAtMs,
    response_sha256: r.responseSha256,
    ex_ante: r.exAnte ? 1 : 0,
    point_mean: r.mean,
    point_median: r.median,
    range_low: r.range?.low ?? null,
    range_high: r.range?.high ?? null,
    range_level: r.range?.level ?? null,
    mean_low: r.meanInterval?.low ?? null,
    mean_high: r.meanInterval?.high ?? null,
    mean_level: r.meanInterval?.level ?? null,
    probability_up: r.probabilityUp,
    direction: r.direction,
    baseline_mean: r.baselineMean,
    baseline_hit_rate: r.baselineHitRate,
    dispersion: r.dispersion,
    n_independent: r.nIndependent,
    due_at_ms: r.dueAtMs,
    status: "pending",
    pending_reason: null,
    outcome_date: null,
    realised: null,
    inside_range: null,
    inside_mean_interval: null,
    direction_right: null,
    baseline_direction_right: null,
    brier: null,
    baseline_brier: null,
    realised_volatility: null,
    trailing_volatility: null,
    scored_at_ms: null,
  };
}

const interval = (low: number | null, high: number | null, level: number | null) =>
  low === null || high === null || level === null ? null : { low, high, level };

function toRecord(row: Selectable<ForecastLogTable>): ForecastRecord {
  return {
    id: row.id,
    source: row.source as ForecastSource,
    route: row.route,
    series: row.series,
    inputsJson: row.inputs,
    fingerprint: row.fingerprint,
    asOfDate: row.as_of_date,
    asOfMs: Number(row.as_of_ms),
    horizon: row.horizon,
    horizonUnit: row.horizon_unit as HorizonUnit,
    outcomeKind: row.outcome_kind as ClaimOutcomeKind,
    loggedAtMs: Number(row.logged_at_ms),
    responseSha256: row.response_sha256,
    exAnte: row.ex_ante === 1,
    mean: row.point_mean,
    median: row.point_median,
    range: interval(row.range_low, row.range_high, row.range_level),
    meanInterval: interval(row.mean_low, row.mean_high, row.mean_level),
    probabilityUp: row.probability_up,
    direction: row.direction as ForecastRecord["direction"],
    baselineMean: row.baseline_mean,
    baselineHitRate: row.baseline_hit_rate,
    dispersion: row.dispersion,
    nIndependent: row.n_independent,
    dueAtMs: Number(row.due_at_ms),
    status: row.status as ForecastStatus,
    pendingReason: row.pending_reason,
    score:
      row.status === "scored"
        ? {
            outcomeDate: row.outcome_date!,
            realised: row.realised!,
            insideRange: unflag(row.inside_range),
            insideMeanInterval: unflag(row.inside_mean_interval),
            directionRight: unflag(row.direction_right),
            baselineDirectionRight: unflag(row.baseline_direction_right),
            brier: row.brier,
            baselineBrier: row.baseline_brier,
            realisedVolatility: row.realised_volatility,
            trailingVolatility: row.trailing_volatility,
            scoredAtMs: Number(row.scored_at_ms),
          }
        : null,
  };
}
