import type { ArenaSkill } from "../../../analytics/arena-skill.js";
import { arenaDiagnosticContract, type ArenaDiagnosticParams } from "../../../contracts/arena/arena-diagnostic.js";
import { SCORE_DEFINITIONS } from "../../../contracts/arena/arena-texts.js";
import type { AgentScores, ArenaScoresService } from "../../../services/arena/arena-scores-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { skillWire } from "./skill-wire.js";

const scoresWire = ({ summary, skill }: AgentScores) => ({
  n: summary.n,
  n_deadlines: skill.nDeadlines,
  mean_brier: summary.meanBrier,
  climatology_brier: skill.climatologyBrier,
  skill_vs_climatology: skill.skill,
  brier_skill_score: summary.brierSkill,
  log_loss: summary.logLoss,
  sharpness: summary.sharpness,
});

/** The skill fields of the whole diagnosis: null figures (and a note) for an agent without settled entries. */
function overallSkill(skill: ArenaSkill | undefined) {
  if (skill !== undefined) return skillWire(skill);
  return {
    n_deadlines: 0,
    climatology_brier: null,
    skill_vs_climatology: null,
    skill_ci_low: null,
    skill_ci_high: null,
    skill_lower_bound: null,
    skilled: null,
    interval_note: "no settled entries",
  };
}

export function arenaDiagnosticRoute(scores: ArenaScoresService): RouteModule {
  return operationRoute(arenaDiagnosticContract, async (params: ArenaDiagnosticParams, context: HandlerContext) => {
    const d = await scores.diagnostic(params.agent, context.payer);
    return {
      agent: d.agent,
      n_entries: d.nEntries,
      n_settled: d.nSettled,
      n_pending: d.nPending,
      n_void: d.nVoid,
      mean_brier: d.scores?.summary.meanBrier ?? null,
      ...overallSkill(d.scores?.skill),
      brier_skill_score: d.scores?.summary.brierSkill ?? null,
      log_loss: d.scores?.summary.logLoss ?? null,
      sharpness: d.scores?.summary.sharpness ?? null,
      calibration: d.calibration.map((b) => ({
        bin: `${b.low.toFixed(1)}-${b.high.toFixed(1)}`,
        n: b.n,
        mean_p: b.meanP,
        observed_frequency: b.observed,
        wilson_low: b.wilsonLow,
        wilson_high: b.wilsonHigh,
        sparse: b.sparse,
      })),
      per_coin: d.perCoin.map(({ coin, ...scores }) => ({ coin, ...scoresWire(scores) })),
      definitions: SCORE_DEFINITIONS,
    };
  });
}
