import { getPatternsContract } from "../../../contracts/patterns/get-patterns.js";
import type { PatternUniverseParams } from "../../../contracts/patterns/pattern-params.js";
import type { PatternService } from "../../../services/patterns/pattern-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { evidenceWire } from "../evidence-wire.js";
import { matchWire, queryEcho, toPatternQuery, universeWire } from "./pattern-wire.js";

export function getPatternsRoute(patterns: PatternService): RouteModule {
  return operationRoute(getPatternsContract, async (params: PatternUniverseParams) => {
    const result = await patterns.analogs({ ...toPatternQuery(params), summarize: true });
    const { summary, evidence } = result.summary!; // asked for above
    return {
      matches: result.analogs.map((a) => matchWire(result, a)),
      summary: {
        "Average 7 day return": summary.forward7d.average,
        "Average 30 day return": summary.forward30d.average,
        "Pattern Average return": summary.withinPattern.average,
        "Matches with 7 day history": summary.forward7d.n,
        "Matches with 30 day history": summary.forward30d.n,
        "Matches in pattern average": summary.withinPattern.n,
      },
      mode: "full_history" as const,
      evidence: evidence.map((e) => ({ horizon_days: e.horizonDays, ...evidenceWire(e.evidence), pooling: e.pooling })),
      query: queryEcho(params, result),
      ...(result.universe === undefined ? {} : { universe: universeWire(result.universe) }),
    };
  });
}
