import { calibration, skillFromSums, summarizeForecasts, type CalibrationBin, type ForecastSummary, type SkillWithInterval } from "../../analytics/forecast-scoring.js";
import { AppError } from "../../domain/app-error.js";
import type { ArenaEntries } from "../../storage/repos/arena-entries.js";
import type { ArenaService } from "./arena-service.js";
import { LEADERBOARD_MIN_SETTLED } from "../../domain/arena-rules.js";

export interface Diagnostic {
  agent: string;
  nEntries: number;
  nSettled: number;
  nPending: number;
  nVoid: number;
  summary: ForecastSummary | null;
  calibration: CalibrationBin[];
  perCoin: { coin: string; summary: ForecastSummary }[];
}

export interface Leaderboard {
  minSettled: number;
  agentsScored: number;
  ranked: (SkillWithInterval & { agent: string })[];
}

/** An agent's own diagnosis and the public leaderboard, from settled entries only (void rounds score nothing). */
export class ArenaScoresService {
  constructor(
    private readonly entries: ArenaEntries,
    private readonly arena: ArenaService,
  ) {}

  async diagnostic(agent: string, payer: string | undefined): Promise<Diagnostic> {
    if (payer === undefined) throw new Error("arena diagnostic needs the verified payer");
    if ((await this.arena.assertOwnAgent(agent, payer)) === "unbound") {
      throw new AppError("NOT_FOUND", `Agent key ${agent} has no entries; it becomes yours with its first accepted /api/arena/predict`);
    }
    const all = await this.entries.forecastsOf(agent);
    const settled = all.filter((f) => f.outcome !== null).map((f) => ({ coin: f.coin, p: f.p, outcome: f.outcome as 0 | 1 }));
    const coins = [...new Set(settled.map((f) => f.coin))].sort();
    return {
      agent,
      nEntries: all.length,
      nSettled: settled.length,
      nPending: all.filter((f) => f.status === "pending").length,
      nVoid: all.filter((f) => f.status === "void").length,
      summary: summarizeForecasts(settled),
      calibration: calibration(settled),
      perCoin: coins.map((coin) => ({ coin, summary: summarizeForecasts(settled.filter((f) => f.coin === coin))! })),
    };
  }

  async leaderboard(limit: number): Promise<Leaderboard> {
    const [sums, agentsScored] = await Promise.all([this.entries.brierSums(LEADERBOARD_MIN_SETTLED, limit), this.entries.agentsWithSettledEntries()]);
    return {
      minSettled: LEADERBOARD_MIN_SETTLED,
      agentsScored,
      ranked: sums.map((s) => ({ agent: s.agent, ...skillFromSums(s.n, s.sumBrier, s.sumBrierSquared) })),
    };
  }
}
