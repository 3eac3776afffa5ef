import { sql, type Kysely } from "kysely";
import type { ArenaEntry, StoredRoundStatus } from "../../domain/arena.js";
import type { DatabaseSchema } from "../database-schema.js";

export type EnterResult = { kind: "entered" } | { kind: "duplicate" } | { kind: "bound_to_other" };

/** One of an agent's entries with its round's coin, deadline, status and outcome (null until settled). */
export interface AgentForecast {
  roundId: string;
  coin: string;
  deadlineMs: number;
  p: number;
  status: StoredRoundStatus;
  outcome: 0 | 1 | null;
}

/** A settled entry of the leaderboard: who, which round, what probability. */
export interface SettledEntry {
  agent: string;
  roundId: string;
  p: number;
}

const normalizeWallet = (wallet: string) => wallet.toLowerCase();

/**
 * Entries and the agent -> wallet bindings. An entry and, for an agent's first entry, its binding are
 * written in one transaction: the binding is an INSERT that only the first wallet ever wins, and the entry's
 * primary key (round, agent) makes a second entry impossible, whatever runs in parallel on any node.
 */
export class ArenaEntries {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async enter(entry: ArenaEntry & { requestId: string }): Promise<EnterResult> {
    const wallet = normalizeWallet(entry.payer);
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("arena_agents")
        .values({ agent: entry.agent, wallet, bound_at_ms: entry.enteredAtMs })
        .onConflict((oc) => oc.column("agent").doNothing())
        .execute();
      const binding = await trx.selectFrom("arena_agents").select("wallet").where("agent", "=", entry.agent).executeTakeFirstOrThrow();
      if (binding.wallet !== wallet) return { kind: "bound_to_other" } as const;
      const inserted = await trx
        .insertInto("arena_entries")
        .values({ round_id: entry.roundId, agent: entry.agent, p: entry.p, payer: wallet, entered_at_ms: entry.enteredAtMs, request_id: entry.requestId })
        .onConflict((oc) => oc.columns(["round_id", "agent"]).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1 ? ({ kind: "entered" } as const) : ({ kind: "duplicate" } as const);
    });
  }

  /**
   * Takes back an entry whose payment failed to settle, and the agent's wallet binding when that entry was all
   * it had (the binding was made by the unpaid entry).
   */
  async withdraw(roundId: string, agent: string, requestId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("arena_entries").where("round_id", "=", roundId).where("agent", "=", agent).where("request_id", "=", requestId).execute();
      const left = await trx.selectFrom("arena_entries").select("round_id").where("agent", "=", agent).limit(1).executeTakeFirst();
      if (left === undefined) await trx.deleteFrom("arena_agents").where("agent", "=", agent).execute();
    });
  }

  /** The wallet an agent key is bound to (lower case), if it has ever entered. */
  async walletOf(agent: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("arena_agents").select("wallet").where("agent", "=", agent).executeTakeFirst();
    return row?.wallet;
  }

  async entryOf(roundId: string, agent: string): Promise<ArenaEntry | undefined> {
    const row = await this.db.selectFrom("arena_entries").selectAll().where("round_id", "=", roundId).where("agent", "=", agent).executeTakeFirst();
    return row === undefined ? undefined : { roundId: row.round_id, agent: row.agent, p: Number(row.p), payer: row.payer, enteredAtMs: Number(row.entered_at_ms) };
  }

  /** Every entry of an agent with its round's state, oldest deadline first. */
  async forecastsOf(agent: string): Promise<AgentForecast[]> {
    const rows = await this.db
      .selectFrom("arena_entries")
      .innerJoin("arena_rounds", "arena_rounds.round_id", "arena_entries.round_id")
      .select(["arena_entries.round_id", "arena_rounds.coin", "arena_rounds.deadline_ms", "arena_entries.p", "arena_rounds.status", "arena_rounds.outcome"])
      .where("arena_entries.agent", "=", agent)
      .orderBy("arena_rounds.deadline_ms")
      .orderBy("arena_entries.round_id")
      .execute();
    return rows.map((r) => ({
      roundId: r.round_id,
      coin: r.coin,
      deadlineMs: Number(r.deadline_ms),
      p: Number(r.p),
      status: r.status as StoredRoundStatus,
      outcome: r.status === "settled" ? (r.outcome === 1 ? 1 : 0) : null,
    }));
  }

  /**
   * Every settled entry of the agents with at least `minSettled` settled entries (the leaderboard ranks them by
   * skill against climatology, which needs each entry's round: see ArenaScoresService).
   */
  async settledEntriesOfRanked(minSettled: number): Promise<SettledEntry[]> {
    const rows = await this.db
      .selectFrom("arena_entries")
      .innerJoin("arena_rounds", "arena_rounds.round_id", "arena_entries.round_id")
      .where("arena_rounds.status", "=", "settled")
      .where("arena_entries.agent", "in", (eb) =>
        eb
          .selectFrom("arena_entries as e")
          .innerJoin("arena_rounds as r", "r.round_id", "e.round_id")
          .where("r.status", "=", "settled")
          .groupBy("e.agent")
          .having((inner) => inner.fn.countAll(), ">=", minSettled)
          .select("e.agent"),
      )
      .select(["arena_entries.agent", "arena_entries.round_id", "arena_entries.p"])
      .orderBy("arena_entries.agent")
      .orderBy("arena_entries.round_id")
      .execute();
    return rows.map((r) => ({ agent: r.agent, roundId: r.round_id, p: Number(r.p) }));
  }

  /** How many agents have at least one settled entry (ranked or not). */
  async agentsWithSettledEntries(): Promise<number> {
    const row = await this.db
      .selectFrom("arena_entries")
      .innerJoin("arena_rounds", "arena_rounds.round_id", "arena_entries.round_id")
      .where("arena_rounds.status", "=", "settled")
      .select(sql<number>`count(distinct arena_entries.agent)`.as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
