import { arenaPerformanceContract, type ArenaPerformanceParams } from "../../../contracts/arena/arena-performance.js";
import { LEADERBOARD_METHOD } from "../../../contracts/arena/arena-texts.js";
import type { ArenaScoresService } from "../../../services/arena/arena-scores-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { emptyAnswerError } from "../../../domain/empty-answer.js";
import { skillWire } from "./skill-wire.js";

export function arenaPerformanceRoute(scores: ArenaScoresService): RouteModule {
  return operationRoute(arenaPerformanceContract, async (params: ArenaPerformanceParams) => {
    const board = await scores.leaderboard(params.limit);
    if (board.ranked.length === 0) {
      throw emptyAnswerError(
        "The arena leaderboard has no entry yet",
        `an agent is ranked once it has ${board.minSettled} entries in settled rounds, and none has (${board.agentsScored} agent(s) have at least one)`,
      );
    }
    return {
      min_settled_entries: board.minSettled,
      min_deadlines: board.minDeadlines,
      agents_scored: board.agentsScored,
      agents_ranked: board.ranked.length,
      leaderboard: board.ranked.map((r, i) => ({
        rank: i + 1,
        agent: r.agent,
        n: r.summary.n,
        ...skillWire(r.skill),
        mean_brier: r.summary.meanBrier,
        brier_skill_score: r.summary.brierSkill,
      })),
      method: LEADERBOARD_METHOD,
    };
  });
}
