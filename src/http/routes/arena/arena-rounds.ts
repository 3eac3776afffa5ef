import { arenaRoundsContract, type ArenaRoundsParams } from "../../../contracts/arena/arena-rounds.js";
import { ARENA_COINS, HOW_TO_PLAY, SETTLEMENT_METHOD } from "../../../domain/arena-rules.js";
import type { ArenaService } from "../../../services/arena/arena-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { roundWire } from "./round-wire.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function arenaRoundsRoute(arena: ArenaService, coins: readonly string[] = ARENA_COINS): RouteModule {
  return operationRoute(arenaRoundsContract, async (params: ArenaRoundsParams) => {
    const listing = await arena.list({ state: params.status, coin: params.coin, limit: params.limit });
    const item = listing.sponsoredItem;
    return {
      status: listing.state,
      rounds: listing.rounds.map((r) => roundWire(r, listing.nowMs)),
      how_to_play: HOW_TO_PLAY,
      settlement: SETTLEMENT_METHOD,
      server_time: iso(listing.nowMs),
      coins: [...coins],
      season: { id: listing.season.id, starts_at: iso(listing.season.startsAtMs), ends_at: iso(listing.season.endsAtMs) },
      sponsors: listing.sponsors.map((s) => ({ sponsor: s.sponsor, message: s.message, amount_usd: s.amountUsd, since: iso(s.createdAtMs), sponsored: true as const })),
      sponsored_item:
        item === null ? null : { sponsored: true as const, title: item.title, url: item.url, description: item.description, campaign_id: item.campaignId },
    };
  });
}
