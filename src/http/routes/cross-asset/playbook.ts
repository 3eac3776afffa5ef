import { playbookContract, type PlaybookParams } from "../../../contracts/cross-asset/playbook.js";
import { formatBarTime, parseIsoDate } from "../../../domain/bar.js";
import type { HorizonOutcome, LeadLagResult } from "../../../analytics/playbook-outcomes.js";
import type { PlaybookService } from "../../../services/cross-asset/playbook-service.js";
import type { LagCorrelation } from "../../../analytics/lead-lag.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { evidenceWire } from "../evidence-wire.js";
import { distributionWire } from "./outcome-wire.js";

const day = (ms: number) => formatBarTime(ms, "1d");

const outcomeWire = (o: HorizonOutcome) => ({ horizon_days: o.horizonDays, ...distributionWire(o), returns: o.values, ...evidenceWire(o.evidence) });

const lagWire = (l: LagCorrelation) => ({ lag_days: l.lagDays, correlation: l.correlation, n: l.n });

function leadLagWire(l: LeadLagResult | null) {
  if (l === null) return null;
  return {
    returns: l.returns,
    from_date: day(l.fromMs),
    to_date: day(l.toMs),
    lag0: lagWire(l.lag0),
    best: l.best === null ? null : lagWire(l.best),
    by_lag: l.byLag.map(lagWire),
    noise_band_95: 1.96 / Math.sqrt(l.returns),
  };
}

export function playbookRoute(playbooks: PlaybookService): RouteModule {
  return operationRoute(playbookContract, async (params: PlaybookParams) => {
    const result = await playbooks.playbook({
      ticker: params.ticker,
      startMs: parseIsoDate(params.start_date),
      endMs: parseIsoDate(params.end_date),
      peers: params.peers,
      k: params.k,
      metric: params.metric,
      horizonsDays: params.horizon_days,
      leadLagReturns: params.lead_lag_window,
    });
    const { pattern } = result;
    const body = {
      ticker: pattern.series.ticker,
      start_date: params.start_date,
      end_date: params.end_date,
      metric: params.metric,
      horizon_days: params.horizon_days,
      lead_lag_window: params.lead_lag_window,
      mode: "full_history" as const,
      query: { bars: pattern.window.m, query_return: pattern.queryReturn, history_bars: pattern.series.closes.length, cached: pattern.cached },
      analogs: pattern.analogs.map((a) => ({
        start_date: day(pattern.series.timesMs[a.indices[0]]),
        end_date: day(pattern.series.timesMs[a.indices[a.indices.length - 1]]),
        similarity: a.similarity,
        match_return: a.matchReturn,
      })),
      ticker_outcomes: result.tickerOutcomes.map(outcomeWire),
      peers: result.peers.map((p) => ({
        ticker: p.ticker,
        status: p.status,
        ...(p.error === undefined ? {} : { error: p.error }),
        outcomes: p.outcomes.map(outcomeWire),
        lead_lag: leadLagWire(p.leadLag),
      })),
    };
    // The playbook sells what the peers did: with no peer loaded there is nothing to sell.
    return new ItemizedAnswer(body, result.peers.map(itemOutcome), "peers");
  });
}
