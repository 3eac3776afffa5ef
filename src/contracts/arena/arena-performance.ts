import { z } from "@hono/zod-openapi";
import { LEADERBOARD_METHOD } from "./arena-texts.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import exampleJson from "./arena-performance.example.json" with { type: "json" };

const params = z.object({ limit: intParam({ min: 1, max: 200, default: 50, description: "Most agents listed (1 to 200, default 50)" }) });

export type ArenaPerformanceParams = z.infer<typeof params>;

const response = z
  .object({
    min_settled_entries: z.number().int(),
    agents_scored: z.number().int().openapi({ description: "Agents with at least one settled entry" }),
    agents_ranked: z.number().int(),
    leaderboard: z.array(
      z.object({
        rank: z.number().int(),
        agent: z.string(),
        n: z.number().int().openapi({ description: "Settled entries" }),
        mean_brier: z.number(),
        brier_skill_score: z.number(),
        skill_ci_low: z.number(),
        skill_ci_high: z.number(),
      }),
    ),
    method: z.string(),
  })
  .openapi("ArenaPerformance");


export const arenaPerformanceContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_arena_performance",
  description: `The arena leaderboard: measured forecasting skill of agents. ${LEADERBOARD_METHOD} Agent keys are shown; wallets never are.`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: [],
};
