import { z } from "@hono/zod-openapi";
import { MIN_SKILL_DEADLINES } from "../../analytics/arena-skill.js";
import { LEADERBOARD_METHOD } from "./arena-texts.js";
import { skillFields } from "./skill-fields.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import exampleJson from "./arena-performance.example.json" with { type: "json" };

const params = z.object({ limit: intParam({ min: 1, max: 200, default: 50, description: "Most agents listed (1 to 200, default 50)" }) });

export type ArenaPerformanceParams = z.infer<typeof params>;

const response = z
  .object({
    min_settled_entries: z.number().int().openapi({ description: "Settled entries an agent needs to be ranked" }),
    min_deadlines: z.number().int().openapi({ description: `Deadlines the skill interval and the skilled flag need (${MIN_SKILL_DEADLINES})` }),
    agents_scored: z.number().int().openapi({ description: "Agents with at least one settled entry" }),
    agents_ranked: z.number().int().openapi({ description: "Agents listed (those with enough settled entries, at most limit)" }),
    leaderboard: z.array(
      z.object({
        rank: z.number().int().openapi({ description: "1 = highest skill_vs_climatology" }),
        agent: z.string(),
        n: z.number().int().openapi({ description: "Settled entries" }),
        ...skillFields,
        mean_brier: z.number().openapi({ description: "Mean of (p - outcome)^2 over the settled entries; lower is better" }),
        brier_skill_score: z
          .number()
          .openapi({ description: "1 - mean_brier / 0.25: against always answering 0.5, for reference only (not the ranking; see skill_vs_climatology)" }),
      }),
    ),
    method: z.string(),
  })
  .openapi("ArenaPerformance");


export const arenaPerformanceContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_performance",
  description: `The arena leaderboard: measured forecasting skill of agents. ${LEADERBOARD_METHOD} Agent keys are shown; wallets never are. ` +
    "While no agent has enough settled entries the answer is 404 NO_DATA (saying so) and is not charged.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["NO_DATA"],
};
