import type { Kysely, Selectable, Updateable } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";

/**
 * The logs whose rows wait, pending, for an outcome that is written once: the forecast log and the trading
 * signal log. Both keep `status` ('pending' until scored), `pending_reason` (why a due row is not scored yet)
 * and `due_at_ms` (when it can first be scored), and both are scored by a job that pages through the due rows.
 */
export type OutcomeLogTable = "forecast_log" | "trading_signals";

/**
 * Writes the outcome columns and status 'scored' if the row is still pending; false when it was already
 * scored (or voided): two scorers, or a re-run, can never score a row twice or change a score.
 */
export async function scoreOnce<T extends OutcomeLogTable>(
  db: Kysely<DatabaseSchema>,
  table: T,
  id: string,
  outcome: Updateable<DatabaseSchema[T]>,
): Promise<boolean> {
  const result = await db
    .updateTable(table as OutcomeLogTable)
    .set({ ...outcome, status: "scored", pending_reason: null })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records why a due row cannot be scored yet (only while it is pending). */
export async function recordPendingReason(db: Kysely<DatabaseSchema>, table: OutcomeLogTable, id: string, reason: string): Promise<void> {
  await db.updateTable(table).set({ pending_reason: reason }).where("id", "=", id).where("status", "=", "pending").execute();
}

/**
 * Pending rows due at nowMs, oldest due first (then by id); `after` (the previous batch's last row) pages on,
 * so rows that stay pending cannot hide the ones behind them.
 */
export async function dueRows<T extends OutcomeLogTable>(
  db: Kysely<DatabaseSchema>,
  table: T,
  nowMs: number,
  limit: number,
  after?: { dueAtMs: number; id: string },
): Promise<Selectable<DatabaseSchema[T]>[]> {
  let select = db.selectFrom(table as OutcomeLogTable).selectAll().where("status", "=", "pending").where("due_at_ms", "<=", nowMs);
  if (after !== undefined) {
    select = select.where((eb) => eb.or([eb("due_at_ms", ">", after.dueAtMs), eb.and([eb("due_at_ms", "=", after.dueAtMs), eb("id", ">", after.id)])]));
  }
  return (await select.orderBy("due_at_ms").orderBy("id").limit(limit).execute()) as Selectable<DatabaseSchema[T]>[];
}
