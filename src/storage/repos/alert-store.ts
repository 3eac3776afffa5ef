import type { Kysely, Selectable } from "kysely";
import type { AlertCondition, AlertKind, AlertRecord, AlertState, DeliveryAttempt, PatternReference } from "../../domain/alert.js";
import type { AlertsTable, DatabaseSchema } from "../database-schema.js";
import { SecretBox } from "../secret-box.js";

export type NewAlert = Pick<
  AlertRecord,
  "watchId" | "kind" | "ticker" | "condition" | "threshold" | "webhookUrl" | "secret" | "pattern" | "createdAtMs" | "expiresAtMs"
>;

/** What one delivery attempt leads to: delivered, failed for good, or another try at `nextAttemptAtMs`. */
export type AttemptOutcome = { state: "delivered" } | { state: "failed" } | { state: "triggered"; nextAttemptAtMs: number };

/**
 * Alerts and their delivery attempts. Every state change is a conditional UPDATE on the state it leaves,
 * so two nodes racing on one row cannot both win: the loser sees 0 rows changed. Webhook secrets are stored
 * sealed (../secret-box.ts) and opened only when a record is read.
 */
export class AlertStore {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly secrets: SecretBox,
  ) {}

  /**
   * Seals the secrets of rows written before they were encrypted (plaintext); returns how many. Run at start-up by
   * every node: each row is replaced only while it still holds the plaintext it was read with, so nodes racing on
   * it seal it once.
   */
  async sealPlaintextSecrets(): Promise<number> {
    const rows = await this.db.selectFrom("alerts").select(["watch_id", "secret"]).where("secret", "not like", "v1:%").execute();
    let sealed = 0;
    for (const row of rows) {
      const update = this.db
        .updateTable("alerts")
        .set({ secret: this.secrets.seal(row.secret, row.watch_id) })
        .where("watch_id", "=", row.watch_id)
        .where("secret", "=", row.secret)
        .executeTakeFirst();
      if (await this.changed(update)) sealed += 1;
    }
    return sealed;
  }

  async insert(alert: NewAlert): Promise<void> {
    await this.db
      .insertInto("alerts")
      .values({
        watch_id: alert.watchId,
        kind: alert.kind,
        ticker: alert.ticker,
        condition: alert.condition,
        threshold: alert.threshold,
        webhook_url: alert.webhookUrl,
        secret: this.secrets.seal(alert.secret, alert.watchId),
        pattern: alert.pattern === null ? null : JSON.stringify(alert.pattern),
        state: "active",
        created_at_ms: alert.createdAtMs,
        expires_at_ms: alert.expiresAtMs,
      })
      .execute();
  }

  async get(watchId: string): Promise<AlertRecord | undefined> {
    const row = await this.db.selectFrom("alerts").selectAll().where("watch_id", "=", watchId).executeTakeFirst();
    return row === undefined ? undefined : this.toRecord(row);
  }

  async attempts(watchId: string): Promise<DeliveryAttempt[]> {
    const rows = await this.db.selectFrom("alert_deliveries").selectAll().where("watch_id", "=", watchId).orderBy("attempt").execute();
    return rows.map((r) => ({ attempt: r.attempt, atMs: Number(r.at_ms), httpStatus: r.http_status, error: r.error }));
  }

  /** active -> cancelled; false when the alert had already left `active`. */
  async cancel(watchId: string, nowMs: number): Promise<boolean> {
    return this.changed(
      this.db
        .updateTable("alerts")
        .set({ state: "cancelled", finished_at_ms: nowMs })
        .where("watch_id", "=", watchId)
        .where("state", "=", "active")
        .executeTakeFirst(),
    );
  }

  /** active -> expired for every alert past its expiry; returns how many. */
  async expireDue(nowMs: number): Promise<number> {
    const result = await this.db
      .updateTable("alerts")
      .set({ state: "expired", finished_at_ms: nowMs })
      .where("state", "=", "active")
      .where("expires_at_ms", "<=", nowMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async active(kind: AlertKind, nowMs: number): Promise<AlertRecord[]> {
    const rows = await this.db
      .selectFrom("alerts")
      .selectAll()
      .where("kind", "=", kind)
      .where("state", "=", "active")
      .where("expires_at_ms", ">", nowMs)
      .execute();
    return rows.map((row) => this.toRecord(row));
  }

  /** One UPDATE for every alert that saw the same value (all price alerts of a symbol and condition kind). */
  async recordCheck(watchIds: readonly string[], atMs: number, value: number | null, barMs: number | null): Promise<void> {
    if (watchIds.length === 0) return;
    await this.db
      .updateTable("alerts")
      .set({ last_checked_at_ms: atMs, last_value: value, last_bar_ms: barMs })
      .where("watch_id", "in", watchIds)
      .where("state", "=", "active")
      .execute();
  }

  /** active -> triggered with the webhook body fixed; false when another node fired it or it left `active`. */
  async trigger(watchId: string, nowMs: number, value: number, barMs: number, payload: string): Promise<boolean> {
    return this.changed(
      this.db
        .updateTable("alerts")
        .set({
          state: "triggered",
          last_checked_at_ms: nowMs,
          last_value: value,
          last_bar_ms: barMs,
          triggered_at_ms: nowMs,
          triggered_value: value,
          payload,
          next_attempt_at_ms: nowMs,
        })
        .where("watch_id", "=", watchId)
        .where("state", "=", "active")
        .where("expires_at_ms", ">", nowMs)
        .executeTakeFirst(),
    );
  }

  /** Triggered alerts whose next attempt is due and that no live claim holds. */
  async dueDeliveries(nowMs: number, limit: number): Promise<AlertRecord[]> {
    const rows = await this.db
      .selectFrom("alerts")
      .selectAll()
      .where("state", "=", "triggered")
      .where("next_attempt_at_ms", "<=", nowMs)
      .where((eb) => eb.or([eb("claimed_until_ms", "is", null), eb("claimed_until_ms", "<=", nowMs)]))
      .orderBy("next_attempt_at_ms")
      .limit(limit)
      .execute();
    return rows.map((row) => this.toRecord(row));
  }

  /**
   * Claims one due delivery for `leaseMs` with a conditional UPDATE: exactly one node wins. The claim also takes
   * the attempt's number (`attempts` + 1), so that an attempt cut short by a crash still used its number and
   * the redelivery carries the next one. A claim that lapses (its node died mid-delivery) makes the row due
   * again; the receiver dedupes by the idempotency key.
   */
  async claimDelivery(watchId: string, token: string, nowMs: number, leaseMs: number): Promise<boolean> {
    return this.changed(
      this.db
        .updateTable("alerts")
        .set((eb) => ({ claim_token: token, claimed_until_ms: nowMs + leaseMs, attempts: eb("attempts", "+", 1) }))
        .where("watch_id", "=", watchId)
        .where("state", "=", "triggered")
        .where("next_attempt_at_ms", "<=", nowMs)
        .where((eb) => eb.or([eb("claimed_until_ms", "is", null), eb("claimed_until_ms", "<=", nowMs)]))
        .executeTakeFirst(),
    );
  }

  /** Records an attempt and its outcome, if this node still holds the claim. */
  async finishAttempt(watchId: string, token: string, attempt: DeliveryAttempt, outcome: AttemptOutcome): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const done = outcome.state !== "triggered";
      const result = await trx
        .updateTable("alerts")
        .set({
          state: outcome.state,
          attempts: attempt.attempt,
          next_attempt_at_ms: outcome.state === "triggered" ? outcome.nextAttemptAtMs : null,
          claim_token: null,
          claimed_until_ms: null,
          delivered_at_ms: outcome.state === "delivered" ? attempt.atMs : null,
          finished_at_ms: done ? attempt.atMs : null,
        })
        .where("watch_id", "=", watchId)
        .where("claim_token", "=", token)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await trx
        .insertInto("alert_deliveries")
        .values({ watch_id: watchId, attempt: attempt.attempt, at_ms: attempt.atMs, http_status: attempt.httpStatus, error: attempt.error })
        .execute();
      return true;
    });
  }

  private toRecord(row: Selectable<AlertsTable>): AlertRecord {
    // A row not sealed yet (written before encryption, before this node sealed it) is read as it is.
    return { ...recordOf(row), secret: SecretBox.isSealed(row.secret) ? this.secrets.open(row.secret, row.watch_id) : row.secret };
  }

  private async changed(update: Promise<{ numUpdatedRows: bigint }>): Promise<boolean> {
    return Number((await update).numUpdatedRows) === 1;
  }
}

const orNull = (v: number | null): number | null => (v === null ? null : Number(v));

function recordOf(row: Selectable<AlertsTable>): AlertRecord {
  return {
    watchId: row.watch_id,
    kind: row.kind as AlertKind,
    ticker: row.ticker,
    condition: row.condition as AlertCondition,
    threshold: row.threshold,
    webhookUrl: row.webhook_url,
    secret: row.secret,
    pattern: row.pattern === null ? null : (JSON.parse(row.pattern) as PatternReference),
    state: row.state as AlertState,
    createdAtMs: Number(row.created_at_ms),
    expiresAtMs: Number(row.expires_at_ms),
    lastCheckedAtMs: orNull(row.last_checked_at_ms),
    lastValue: row.last_value,
    lastBarMs: orNull(row.last_bar_ms),
    triggeredAtMs: orNull(row.triggered_at_ms),
    triggeredValue: row.triggered_value,
    payload: row.payload,
    attempts: row.attempts,
    nextAttemptAtMs: orNull(row.next_attempt_at_ms),
    deliveredAtMs: orNull(row.delivered_at_ms),
    finishedAtMs: orNull(row.finished_at_ms),
  };
}
