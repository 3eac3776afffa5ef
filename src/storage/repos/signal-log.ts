import { sql, type Kysely, type Selectable } from "kysely";
import type { FiredSignal, SignalDirection, SignalExit, SignalOutcome, SignalRecord, SignalStatus } from "../../domain/trading-signal.js";
import type { DatabaseSchema, TradingSignalsTable } from "../database-schema.js";
import { DAY_MS } from "../../domain/bar.js";
import { dueRows, recordPendingReason, scoreOnce } from "./pending-outcomes.js";

/** When a signal can first be scored: its as-of bar plus the horizon. */
const dueAtMs = (s: FiredSignal) => s.asOfMs + s.horizonDays * DAY_MS;

export interface SignalQuery {
  ticker?: string;
  sinceMs?: number;
  /** Continue after this (fired_at_ms, id): the previous page's last row. */
  after?: { firedAtMs: number; id: string };
  limit: number;
}

/**
 * The append-only log of fired signals. `append` is the only write of the signal columns; `score` writes
 * the outcome once, conditional on the row still being pending, so two scorers (or a re-run) cannot score
 * a signal twice or change a score.
 */
export class SignalLog {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Logs a fired signal and returns the signal the log holds: the one given, or the one already logged for the
   * same ticker, as-of date, horizon and rules version (a repeated call decides the same and is one signal).
   */
  async append(signal: FiredSignal): Promise<FiredSignal> {
    const inserted = await this.db
      .insertInto("trading_signals")
      .values({
        id: signal.id,
        fired_at_ms: signal.firedAtMs,
        ticker: signal.ticker,
        as_of_date: signal.asOfDate,
        as_of_ms: signal.asOfMs,
        direction: signal.direction,
        conviction: signal.conviction,
        entry_price: signal.entryPrice,
        stop_price: signal.stopPrice,
        target_price: signal.targetPrice,
        horizon_days: signal.horizonDays,
        expected_return: signal.expectedReturn,
        due_at_ms: dueAtMs(signal),
        status: "pending",
        rule_version: signal.ruleVersion,
      })
      .onConflict((oc) => oc.columns(["ticker", "as_of_date", "horizon_days", "rule_version"]).where(sql<boolean>`rule_version >= 2`).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (inserted !== undefined) return signal;
    const logged = await this.db
      .selectFrom("trading_signals")
      .selectAll()
      .where("ticker", "=", signal.ticker)
      .where("as_of_date", "=", signal.asOfDate)
      .where("horizon_days", "=", signal.horizonDays)
      .where("rule_version", "=", signal.ruleVersion)
      .orderBy("fired_at_ms")
      .orderBy("id")
      .executeTakeFirst();
    return logged === undefined ? signal : toRecord(logged);
  }

  /** Newest first (fired_at_ms, then id, descending). */
  async list(query: SignalQuery): Promise<SignalRecord[]> {
    let select = this.db.selectFrom("trading_signals").selectAll();
    if (query.ticker !== undefined) select = select.where("ticker", "=", query.ticker);
    if (query.sinceMs !== undefined) select = select.where("fired_at_ms", ">=", query.sinceMs);
    const after = query.after;
    if (after !== undefined) {
      select = select.where((eb) =>
        eb.or([eb("fired_at_ms", "<", after.firedAtMs), eb.and([eb("fired_at_ms", "=", after.firedAtMs), eb("id", "<", after.id)])]),
      );
    }
    const rows = await select.orderBy("fired_at_ms", "desc").orderBy("id", "desc").limit(query.limit).execute();
    return rows.map(toRecord);
  }

  /** The newest signal of a ticker and horizon fired at or after firedSinceMs (what /api/signals/live may reuse). */
  async latest(ticker: string, horizonDays: number, firedSinceMs: number): Promise<SignalRecord | undefined> {
    const row = await this.db
      .selectFrom("trading_signals")
      .selectAll()
      .where("ticker", "=", ticker)
      .where("horizon_days", "=", horizonDays)
      .where("fired_at_ms", ">=", firedSinceMs)
      .orderBy("fired_at_ms", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  /** Every signal of a ticker (or all) fired at or after sinceMs: what the performance figures read. */
  async all(query: { ticker?: string; sinceMs?: number }): Promise<SignalRecord[]> {
    let select = this.db.selectFrom("trading_signals").selectAll();
    if (query.ticker !== undefined) select = select.where("ticker", "=", query.ticker);
    if (query.sinceMs !== undefined) select = select.where("fired_at_ms", ">=", query.sinceMs);
    return (await select.orderBy("fired_at_ms").orderBy("id").execute()).map(toRecord);
  }

  /**
   * Pending signals whose horizon has passed at nowMs, oldest due first; `after` (the previous batch's last
   * row) pages on, so signals that stay pending cannot hide the ones behind them.
   */
  async due(nowMs: number, limit: number, after?: SignalRecord): Promise<SignalRecord[]> {
    const rows = await dueRows(this.db, "trading_signals", nowMs, limit, after && { dueAtMs: dueAtMs(after), id: after.id });
    return rows.map(toRecord);
  }

  /** Writes the outcome if the signal is still pending; false when it was already scored. */
  async score(id: string, outcome: SignalOutcome): Promise<boolean> {
    return scoreOnce(this.db, "trading_signals", id, {
      exit: outcome.exit,
      exit_date: outcome.exitDate,
      exit_price: outcome.exitPrice,
      asset_return: outcome.assetReturn,
      signal_return: outcome.signalReturn,
      hold_return: outcome.holdReturn,
      scored_at_ms: outcome.scoredAtMs,
    });
  }

  /** Records why a due signal could not be scored yet (only while pending). */
  async markPending(id: string, reason: string): Promise<void> {
    await recordPendingReason(this.db, "trading_signals", id, reason);
  }
}

function toRecord(row: Selectable<TradingSignalsTable>): SignalRecord {
  const scored = row.status === "scored";
  return {
    id: row.id,
    firedAtMs: Number(row.fired_at_ms),
    ticker: row.ticker,
    asOfDate: row.as_of_date,
    asOfMs: Number(row.as_of_ms),
    direction: row.direction as SignalDirection,
    conviction: row.conviction,
    entryPrice: row.entry_price,
    stopPrice: row.stop_price,
    targetPrice: row.target_price,
    horizonDays: row.horizon_days,
    expectedReturn: row.expected_return,
    ruleVersion: row.rule_version,
    status: row.status as SignalStatus,
    pendingReason: row.pending_reason,
    outcome: scored
      ? {
          exit: row.exit as SignalExit,
          exitDate: row.exit_date!,
          exitPrice: row.exit_price!,
          assetReturn: row.asset_return!,
          signalReturn: row.signal_return!,
          holdReturn: row.hold_return,
          scoredAtMs: Number(row.scored_at_ms),
        }
      : null,
  };
}
