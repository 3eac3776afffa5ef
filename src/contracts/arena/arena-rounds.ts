import { z } from "@hono/zod-openapi";
import { ARENA_COINS, HOW_TO_PLAY, LEADERBOARD_MIN_SETTLED, LOCK_LEAD_MS, SETTLEMENT_METHOD, WHAT_A_SPONSOR_GETS } from "../../domain/arena-rules.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { enumParam, intParam } from "../params.js";
import { RoundSchema } from "./round-schema.js";
import exampleJson from "./arena-rounds.example.json" with { type: "json" };

const params = z.object({
  status: enumParam(["open", "locked", "settling", "settled", "void"], {
    default: "open",
    description: "Which rounds: open (default; entries accepted), locked, settling, settled (newest first, with outcome and candle) or void",
  }),
  coin: z.string().trim().min(1).max(32).optional().openapi({ description: "Only this coin (BTC, xyz:GOLD)" }),
  limit: intParam({ min: 1, max: 200, default: 50, description: "Most rounds listed (1 to 200, default 50)" }),
});

export type ArenaRoundsParams = z.infer<typeof params>;

const SponsorSchema = z
  .object({ sponsor: z.string(), message: z.string(), amount_usd: z.number(), since: z.string(), sponsored: z.literal(true) })
  .openapi("ArenaSponsor");

const response = z
  .object({
    status: z.string(),
    rounds: z.array(RoundSchema),
    how_to_play: z.string(),
    settlement: z.string(),
    server_time: z.string().openapi({ format: "date-time" }),
    coins: z.array(z.string()).openapi({ description: "The coins rounds are opened for (when Hyperliquid lists them)" }),
    season: z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string() }),
    sponsors: z.array(SponsorSchema).openapi({ description: "This season's sponsors: what a sponsor gets is exactly this listing" }),
    sponsored_item: z
      .object({ sponsored: z.literal(true), title: z.string(), url: z.string(), description: z.string(), campaign_id: z.string().nullable() })
      .nullable()
      .openapi({ description: "A labelled ad slot from the ad network (null when there is none); never changes the rounds" }),
  })
  .openapi("ArenaRoundListing");

export const arenaRoundsContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_rounds",
  description:
    `Free. The forecasting arena's rounds: will a coin close above its strike at the deadline? ${HOW_TO_PLAY} Rules: rounds are opened ` +
    `by a job for ${ARENA_COINS.join(", ")} (each Hyperliquid lists; a coin it does not list is skipped); deadlines fall on full ` +
    `UTC hours; entries close ${LOCK_LEAD_MS / 60_000} minutes before; the leaderboard needs ${LEADERBOARD_MIN_SETTLED} settled ` +
    `entries. Settlement: ${SETTLEMENT_METHOD} Sponsors: ${WHAT_A_SPONSOR_GETS}`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
