import type { Kysely, Selectable } from "kysely";
import {
  OFFLINE_SETTLEMENT_PREFIX,
  type ArenaRound,
  type RoundSettlement,
  type RoundState,
  type SettledRoundOutcome,
  type StoredBarRef,
  type StoredRoundStatus,
  type StrikeSource,
} from "../../domain/arena.js";
import type { ArenaRoundsTable, DatabaseSchema } from "../database-schema.js";

type RoundCore = Omit<ArenaRound, "status" | "settlement" | "voidReason" | "voidRequest" | "pendingReason" | "entrants" | "source" | "strikeSource" | "storedBar">;

/** A Hyperliquid round as the opener writes it (pending until settlement). */
export type NewRound = RoundCore & { strikeSource: StrikeSource };

/** An offline round: a stored daily bar replayed, written settled at once (it is never pending). */
export type ReplayedRound = RoundCore & { storedBar: StoredBarRef };

export interface RoundQuery {
  state: RoundState;
  nowMs: number;
  coin?: string;
  limit: number;
}

/**
 * Arena rounds. Opening is an INSERT that (coin, deadline) makes happen once however many nodes try; the
 * settlement (or void) is written once, by an UPDATE conditional on the round still being pending.
 */
export class ArenaRounds {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** False when the coin already has a round with this deadline. */
  async open(round: NewRound): Promise<boolean> {
    const result = await this.db
      .insertInto("arena_rounds")
      .values({ ...roundColumns(round), strike_source: JSON.stringify(round.strikeSource), status: "pending" })
      .onConflict((oc) => oc.columns(["coin", "deadline_ms"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /**
   * Writes an offline round already settled, in one INSERT: it is never pending, so no settlement job (of any node)
   * ever takes it for a Hyperliquid round. False when the coin already has a round with this deadline.
   */
  async openSettled(round: ReplayedRound, s: RoundSettlement): Promise<boolean> {
    const result = await this.db
      .insertInto("arena_rounds")
      .values({
        ...roundColumns(round),
        // The column holds where the strike came from: for an offline round, the stored bar.
        strike_source: JSON.stringify({ storedBar: round.storedBar }),
        status: "settled",
        ...settlementColumns(s),
      })
      .onConflict((oc) => oc.columns(["coin", "deadline_ms"]).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  async get(roundId: string): Promise<ArenaRound | undefined> {
    const row = await this.selectWithEntrants().where("round_id", "=", roundId).executeTakeFirst();
    return row === undefined ? undefined : toRound(row);
  }

  /** The round of a coin with this deadline, if there is one. */
  async atDeadline(coin: string, deadlineMs: number): Promise<ArenaRound | undefined> {
    const row = await this.selectWithEntrants().where("coin", "=", coin).where("deadline_ms", "=", deadlineMs).executeTakeFirst();
    return row === undefined ? undefined : toRound(row);
  }

  /**
   * Every settled round's coin, source, times and outcome (what climatology is computed from). A few columns of
   * one row per round: about 53,000 rows a year for six coins every hour.
   */
  async settledOutcomes(): Promise<SettledRoundOutcome[]> {
    const rows = await this.db
      .selectFrom("arena_rounds")
      .select(["round_id", "coin", "opened_at_ms", "deadline_ms", "outcome", "request_url"])
      .where("status", "=", "settled")
      .execute();
    return rows.map((r) => ({
      roundId: r.round_id,
      coin: r.coin,
      source: r.request_url?.startsWith(OFFLINE_SETTLEMENT_PREFIX) === true ? "offline" : "hyperliquid",
      openedAtMs: Number(r.opened_at_ms),
      deadlineMs: Number(r.deadline_ms),
      outcome: r.outcome === 1 ? 1 : 0,
    }));
  }

  /** Coins that have a round still open at nowMs (so the opener leaves them alone). */
  async coinsWithOpenRound(nowMs: number): Promise<Set<string>> {
    const rows = await this.db.selectFrom("arena_rounds").select("coin").where("status", "=", "pending").where("lock_at_ms", ">", nowMs).execute();
    return new Set(rows.map((r) => r.coin));
  }

  /** Rounds in a state at nowMs: open, locked and settling by deadline (soonest first), settled and void newest first. */
  async list(query: RoundQuery): Promise<ArenaRound[]> {
    let select = this.selectWithEntrants();
    const { nowMs } = query;
    if (query.state === "open") select = select.where("status", "=", "pending").where("lock_at_ms", ">", nowMs);
    if (query.state === "locked") select = select.where("status", "=", "pending").where("lock_at_ms", "<=", nowMs).where("deadline_ms", ">", nowMs);
    if (query.state === "settling") select = select.where("status", "=", "pending").where("deadline_ms", "<=", nowMs);
    if (query.state === "settled" || query.state === "void") select = select.where("status", "=", query.state);
    if (query.coin !== undefined) select = select.where("coin", "=", query.coin);
    const newestFirst = query.state === "settled" || query.state === "void";
    const rows = await select
      .orderBy("deadline_ms", newestFirst ? "desc" : "asc")
      .orderBy("coin")
      .limit(query.limit)
      .execute();
    return rows.map(toRound);
  }

  /** Pending rounds whose deadline is at or before `deadlineAtOrBeforeMs`, oldest first. */
  async awaitingSettlement(deadlineAtOrBeforeMs: number, limit: number): Promise<ArenaRound[]> {
    const rows = await this.selectWithEntrants()
      .where("status", "=", "pending")
      .where("deadline_ms", "<=", deadlineAtOrBeforeMs)
      .orderBy("deadline_ms")
      .orderBy("round_id")
      .limit(limit)
      .execute();
    return rows.map(toRound);
  }

  /** Takes the round for one settlement attempt until nowMs + leaseMs; false if another node holds it. */
  async claim(roundId: string, nowMs: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable("arena_rounds")
      .set({ settle_lease_until_ms: nowMs + leaseMs })
      .where("round_id", "=", roundId)
      .where("status", "=", "pending")
      .where((eb) => eb.or([eb("settle_lease_until_ms", "is", null), eb("settle_lease_until_ms", "<=", nowMs)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Writes the settlement if the round is still pending; false when it was settled or voided already. */
  async settle(roundId: string, s: RoundSettlement): Promise<boolean> {
    return this.finish(roundId, "settled", settlementColumns(s));
  }

  /** Voids the round (no score) with the request that failed to settle it, if one was made. */
  async void(roundId: string, reason: string, atMs: number, attempt?: { requestUrl: string; requestBody: string; responseBody: string | null }): Promise<boolean> {
    return this.finish(roundId, "void", {
      void_reason: reason,
      settled_at_ms: atMs,
      request_url: attempt?.requestUrl ?? null,
      request_body: attempt?.requestBody ?? null,
      response_body: attempt?.responseBody ?? null,
    });
  }

  /** Why a due round is not settled yet; the lease is released so the next tick may retry at once. */
  async markPending(roundId: string, reason: string): Promise<void> {
    await this.db
      .updateTable("arena_rounds")
      .set({ pending_reason: reason, settle_lease_until_ms: null })
      .where("round_id", "=", roundId)
      .where("status", "=", "pending")
      .execute();
  }

  private async finish(roundId: string, status: Exclude<StoredRoundStatus, "pending">, columns: Partial<ArenaRoundsTable>): Promise<boolean> {
    const result = await this.db
      .updateTable("arena_rounds")
      .set({ ...columns, status, pending_reason: null, settle_lease_until_ms: null })
      .where("round_id", "=", roundId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private selectWithEntrants() {
    return this.db
      .selectFrom("arena_rounds")
      .selectAll("arena_rounds")
      .select((eb) =>
        eb
          .selectFrom("arena_entries")
          .whereRef("arena_entries.round_id", "=", "arena_rounds.round_id")
          .select(eb.fn.countAll<number>().as("n"))
          .as("entrants"),
      );
  }
}

function toRound(row: Selectable<ArenaRoundsTable> & { entrants: number | string | null }): ArenaRound {
  const settled = row.status === "settled";
  const source = JSON.parse(row.strike_source) as StrikeSource | { storedBar: StoredBarRef };
  const storedBar = "storedBar" in source ? source.storedBar : null;
  return {
    roundId: row.round_id,
    coin: row.coin,
    source: storedBar === null ? "hyperliquid" : "offline",
    strike: Number(row.strike),
    strikeSource: "storedBar" in source ? null : source,
    storedBar,
    openedAtMs: Number(row.opened_at_ms),
    lockAtMs: Number(row.lock_at_ms),
    deadlineMs: Number(row.deadline_ms),
    status: row.status as StoredRoundStatus,
    settlement: settled
      ? {
          outcome: row.outcome === 1 ? 1 : 0,
          close: row.close!,
          requestUrl: row.request_url!,
          requestBody: row.request_body!,
          candleJson: row.candle_json!,
          responseBody: row.response_body!,
          settledAtMs: Number(row.settled_at_ms),
        }
      : null,
    voidReason: row.void_reason,
    voidRequest:
      row.status === "void" && row.request_url !== null && row.request_body !== null
        ? { url: row.request_url, body: row.request_body, responseBody: row.response_body }
        : null,
    pendingReason: row.pending_reason,
    entrants: Number(row.entrants ?? 0),
  };
}

/** The columns every round is opened with, whatever its source (the strike's source and the status differ). */
function roundColumns(round: RoundCore) {
  return { round_id: round.roundId, coin: round.coin, strike: round.strike, opened_at_ms: round.openedAtMs, lock_at_ms: round.lockAtMs, deadline_ms: round.deadlineMs };
}

/** The columns of a settlement, written by the settling node or at once for an offline round. */
function settlementColumns(s: RoundSettlement) {
  return {
    outcome: s.outcome,
    close: s.close,
    request_url: s.requestUrl,
    request_body: s.requestBody,
    candle_json: s.candleJson,
    response_body: s.responseBody,
    settled_at_ms: s.settledAtMs,
  };
}
