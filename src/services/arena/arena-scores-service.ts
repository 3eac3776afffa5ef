import { arenaSkill, climatologyByRound, MIN_SKILL_DEADLINES, type ArenaSkill, type Climatology } from "../../analytics/arena-skill.js";
import { calibration, summarizeForecasts, type CalibrationBin, type ForecastSummary } from "../../analytics/forecast-scoring.js";
import { AppError } from "../../domain/app-error.js";
import type { ArenaEntries } from "../../storage/repos/arena-entries.js";
import type { ArenaRounds } from "../../storage/repos/arena-rounds.js";
import type { ArenaService } from "./arena-service.js";
import { LEADERBOARD_MIN_SETTLED } from "../../domain/arena-rules.js";

/** The headline scores and the skill against climatology of one set of settled entries. */
export interface AgentScores {
  summary: ForecastSummary;
  skill: ArenaSkill;
}

export interface Diagnostic {
  agent: string;
  nEntries: number;
  nSettled: number;
  nPending: number;
  nVoid: number;
  scores: AgentScores | null;
  calibration: CalibrationBin[];
  perCoin: ({ coin: string } & AgentScores)[];
}

export interface Leaderboard {
  minSettled: number;
  minDeadlines: number;
  agentsScored: number;
  ranked: ({ agent: string } & AgentScores)[];
}

interface Settled {
  coin: string;
  deadlineMs: number;
  p: number;
  outcome: 0 | 1;
  climatology: number;
}

function scoresOf(settled: readonly Settled[]): AgentScores | null {
  const summary = summarizeForecasts(settled);
  const skill = arenaSkill(settled);
  return summary === null || skill === null ? null : { summary, skill };
}

function climatologyOf(map: ReadonlyMap<string, Climatology>, roundId: string): number {
  const found = map.get(roundId);
  // Every settled round has one: the map is built from all of them.
  if (found === undefined) throw new Error(`no climatology for settled round ${roundId}`);
  return found.p;
}

/**
 * An agent's own diagnosis and the public leaderboard, from settled entries only (void rounds score nothing).
 * Skill is measured against climatology, each round's base rate known before it opened (analytics/arena-skill.ts),
 * which needs every settled round's outcome: they are read once per answer.
 */
export class ArenaScoresService {
  constructor(
    private readonly entries: ArenaEntries,
    private readonly rounds: ArenaRounds,
    private readonly arena: ArenaService,
  ) {}

  async diagnostic(agent: string, payer: string | undefined): Promise<Diagnostic> {
    if (payer === undefined) throw new Error("arena diagnostic needs the verified payer");
    if ((await this.arena.assertOwnAgent(agent, payer)) === "unbound") {
      throw new AppError("NOT_FOUND", `Agent key ${agent} has no entries; it becomes yours with its first accepted /api/arena/predict`);
    }
    const all = await this.entries.forecastsOf(agent);
    // Read after the entries: a round settles once and stays settled, so every settled one among them is here.
    const climatology = climatologyByRound(await this.rounds.settledOutcomes());
    const settled: Settled[] = all
      .filter((f) => f.outcome !== null)
      .map((f) => ({ coin: f.coin, deadlineMs: f.deadlineMs, p: f.p, outcome: f.outcome as 0 | 1, climatology: climatologyOf(climatology, f.roundId) }));
    const coins = [...new Set(settled.map((f) => f.coin))].sort();
    return {
      agent,
      nEntries: all.length,
      nSettled: settled.length,
      nPending: all.filter((f) => f.status === "pending").length,
      nVoid: all.filter((f) => f.status === "void").length,
      scores: scoresOf(settled),
      calibration: calibration(settled),
      perCoin: coins.map((coin) => ({ coin, ...scoresOf(settled.filter((f) => f.coin === coin))! })),
    };
  }

  /** Agents with at least LEADERBOARD_MIN_SETTLED settled entries, highest skill over climatology first (ties by key). */
  async leaderboard(limit: number): Promise<Leaderboard> {
    const entries = await this.entries.settledEntriesOfRanked(LEADERBOARD_MIN_SETTLED);
    // Read after the entries, so every round they settled in is among these.
    const [agentsScored, rounds] = await Promise.all([this.entries.agentsWithSettledEntries(), this.rounds.settledOutcomes()]);
    const climatology = climatologyByRound(rounds);
    const byRound = new Map(rounds.map((r) => [r.roundId, r]));
    const byAgent = new Map<string, Settled[]>();
    for (const e of entries) {
      const round = byRound.get(e.roundId)!;
      const settled = { coin: round.coin, deadlineMs: round.deadlineMs, p: e.p, outcome: round.outcome, climatology: climatologyOf(climatology, e.roundId) };
      const list = byAgent.get(e.agent);
      if (list === undefined) byAgent.set(e.agent, [settled]);
      else list.push(settled);
    }
    const ranked = [...byAgent.entries()]
      .map(([agent, settled]) => ({ agent, ...scoresOf(settled)! }))
      .sort((a, b) => b.skill.skill - a.skill.skill || (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : 0))
      .slice(0, limit);
    return { minSettled: LEADERBOARD_MIN_SETTLED, minDeadlines: MIN_SKILL_DEADLINES, agentsScored, ranked };
  }
}
