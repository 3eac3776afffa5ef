import type { Kysely } from "kysely";
import type { Sponsorship } from "../../domain/arena.js";
import type { DatabaseSchema } from "../database-schema.js";

/** Paid season sponsorships; written once per paid call, never edited (removed only when its payment failed to settle). */
export class ArenaSponsorships {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async add(s: Sponsorship): Promise<void> {
    await this.db
      .insertInto("arena_sponsorships")
      .values({
        sponsorship_id: s.sponsorshipId,
        season: s.season,
        sponsor: s.sponsor,
        message: s.message,
        amount_usd: s.amountUsd,
        payer: s.payer.toLowerCase(),
        created_at_ms: s.createdAtMs,
      })
      .execute();
  }

  /** Takes back a sponsorship whose payment failed to settle. */
  async remove(sponsorshipId: string): Promise<void> {
    await this.db.deleteFrom("arena_sponsorships").where("sponsorship_id", "=", sponsorshipId).execute();
  }

  /** A season's sponsorships, largest amount first, then earliest. */
  async ofSeason(season: string, limit: number): Promise<Sponsorship[]> {
    const rows = await this.db
      .selectFrom("arena_sponsorships")
      .selectAll()
      .where("season", "=", season)
      .orderBy("amount_usd", "desc")
      .orderBy("created_at_ms")
      .orderBy("sponsorship_id")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      sponsorshipId: r.sponsorship_id,
      season: r.season,
      sponsor: r.sponsor,
      message: r.message,
      amountUsd: Number(r.amount_usd),
      payer: r.payer,
      createdAtMs: Number(r.created_at_ms),
    }));
  }
}
