import { arenaSponsorContract, type ArenaSponsorParams } from "../../../contracts/arena/arena-sponsor.js";
import { WHAT_A_SPONSOR_GETS } from "../../../domain/arena-rules.js";
import type { SponsorService } from "../../../services/arena/sponsor-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

const iso = (ms: number) => new Date(ms).toISOString();

/** Priced dynamically: the call costs exactly amount_usd (validated before the 402 is written). */
export function arenaSponsorRoute(sponsors: SponsorService): RouteModule {
  return operationRoute(arenaSponsorContract, async (params: ArenaSponsorParams, context: HandlerContext) => {
    const { sponsorship: s, season, shownRank } = await sponsors.sponsor({
      amountUsd: params.amount_usd,
      sponsor: params.sponsor,
      message: params.message,
      payer: context.payer,
    });
    context.undoIfUnpaid?.(() => sponsors.withdraw(s.sponsorshipId));
    return {
      sponsorship_id: s.sponsorshipId,
      season: { id: season.id, starts_at: iso(season.startsAtMs), ends_at: iso(season.endsAtMs) },
      sponsor: s.sponsor,
      message: s.message,
      amount_usd: s.amountUsd,
      sponsored: true as const,
      shown_in: "/api/arena/rounds (sponsors)",
      shown_until: iso(season.endsAtMs),
      shown_rank: shownRank,
      what_you_get: WHAT_A_SPONSOR_GETS,
    };
  }, { quote: async (params: ArenaSponsorParams) => params.amount_usd });
}
