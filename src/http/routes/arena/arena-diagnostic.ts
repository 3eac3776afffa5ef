import type { ForecastSummary } from "../../../analytics/forecast-scoring.js";
import { arenaDiagnosticContract, type ArenaDiagnosticParams } from "../../../contracts/arena/arena-diagnostic.js";
import { SCORE_DEFINITIONS } from "../../../contracts/arena/arena-texts.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { ArenaScoresService } from "../../../services/arena/arena-scores-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import type { RouteModule } from "../../route-module.js";

const scoresWire = (s: ForecastSummary) => ({ n: s.n, mean_brier: s.meanBrier, brier_skill_score: s.brierSkill, log_loss: s.logLoss, sharpness: s.sharpness });

export function arenaDiagnosticRoute(scores: ArenaScoresService): RouteModule {
  return {
    route: findCatalogRoute("api_arena_diagnostic"),
    contract: arenaDiagnosticContract,
    handle: async (params: ArenaDiagnosticParams, context: HandlerContext) => {
      const d = await scores.diagnostic(params.agent, context.payer);
      return {
        agent: d.agent,
        n_entries: d.nEntries,
        n_settled: d.nSettled,
        n_pending: d.nPending,
        n_void: d.nVoid,
        mean_brier: d.summary?.meanBrier ?? null,
        brier_skill_score: d.summary?.brierSkill ?? null,
        log_loss: d.summary?.logLoss ?? null,
        sharpness: d.summary?.sharpness ?? null,
        calibration: d.calibration.map((b) => ({
          bin: `${b.low.toFixed(1)}-${b.high.toFixed(1)}`,
          n: b.n,
          mean_p: b.meanP,
          observed_frequency: b.observed,
          wilson_low: b.wilsonLow,
          wilson_high: b.wilsonHigh,
          sparse: b.sparse,
        })),
        per_coin: d.perCoin.map(({ coin, summary }) => ({ coin, ...scoresWire(summary) })),
        definitions: SCORE_DEFINITIONS,
      };
    },
  };
}
