import { randomBytes } from "node:crypto";
import type { Sponsorship } from "../../domain/arena.js";
import type { Clock } from "../../domain/clock.js";
import type { ArenaSponsorships } from "../../storage/repos/arena-sponsorships.js";
import { seasonOf, SPONSORS_SHOWN } from "../../domain/arena-rules.js";

/** Records season sponsorships: the payment of amount_usd is verified before this runs and settled after; a failed settlement takes the record back. */
export class SponsorService {
  constructor(
    private readonly sponsorships: ArenaSponsorships,
    private readonly clock: Clock,
  ) {}

  async sponsor(input: { amountUsd: number; sponsor: string; message: string; payer: string | undefined }) {
    if (input.payer === undefined) throw new Error("arena sponsor needs the verified payer");
    const nowMs = this.clock.nowMs();
    const season = seasonOf(nowMs);
    const sponsorship: Sponsorship = {
      sponsorshipId: `spn_${randomBytes(6).toString("hex")}`,
      season: season.id,
      sponsor: input.sponsor,
      message: input.message,
      amountUsd: input.amountUsd,
      payer: input.payer,
      createdAtMs: nowMs,
    };
    await this.sponsorships.add(sponsorship);
    const shown = await this.sponsorships.ofSeason(season.id, SPONSORS_SHOWN);
    const rank = shown.findIndex((s) => s.sponsorshipId === sponsorship.sponsorshipId);
    return { sponsorship, season, shownRank: rank < 0 ? null : rank + 1 };
  }

  /** Takes back a sponsorship whose payment failed to settle. */
  async withdraw(sponsorshipId: string): Promise<void> {
    await this.sponsorships.remove(sponsorshipId);
  }
}
