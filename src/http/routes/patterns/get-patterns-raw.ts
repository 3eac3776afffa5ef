import { getPatternsRawContract } from "../../../contracts/patterns/get-patterns-raw.js";
import type { PatternUniverseParams } from "../../../contracts/patterns/pattern-params.js";
import type { PatternService } from "../../../services/patterns/pattern-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { matchWire, queryEcho, toPatternQuery, universeWire } from "./pattern-wire.js";

export function getPatternsRawRoute(patterns: PatternService): RouteModule {
  return operationRoute(getPatternsRawContract, async (params: PatternUniverseParams) => {
    const result = await patterns.analogs(toPatternQuery(params));
    return {
      matches: result.analogs.map((a) => matchWire(result, a)),
      query: queryEcho(params, result),
      ...(result.universe === undefined ? {} : { universe: universeWire(result.universe) }),
    };
  });
}
