import { discoverContract, type DiscoverParams } from "../../../contracts/router/discover.js";
import type { Clock } from "../../../domain/clock.js";
import type { RouterService } from "../../../services/discovery/router-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { clientKeyOf } from "./client-key.js";

const DESCRIPTION_CHARS = 200;

export const OUTCOME_REPORT = {
  how: "POST /api/discover/outcome with a JSON body (or query string) naming the result you chose and whether it helped",
  fields: ["need", "chosen_origin", "chosen_path", "helped", "paid_usd", "note"],
};

export function discoverRoute(router: RouterService, publicBaseUrl: string, clock: Clock): RouteModule {
  return operationRoute(discoverContract, async (params: DiscoverParams, context: HandlerContext) => {
    const answer = await router.discover(params.need, params.limit, await clientKeyOf(context));
    return {
      need: params.need,
      results_found: answer.resultsFound,
      results: answer.results.map(({ candidate: c, matchScore, reliability, reliabilitySamples }) => ({
        origin: c.origin,
        path: c.path,
        method: c.method,
        capability: c.capability,
        price_usd: c.priceUsd,
        ours: c.ours,
        description: c.description.length > DESCRIPTION_CHARS ? `${c.description.slice(0, DESCRIPTION_CHARS - 1)}…` : c.description,
        traction: c.traction,
        reliability,
        reliability_samples: reliabilitySamples,
        match_score: matchScore,
        go: `${publicBaseUrl}/api/discover/go?${new URLSearchParams({ to_origin: c.origin, to_path: c.path, need: params.need })}`,
      })),
      sponsored: answer.sponsored.map((item) => ({ ...item, sponsored: true as const })),
      outcome_report: OUTCOME_REPORT,
      mirror_freshness: answer.mirrorFreshness,
      generated_at: new Date(clock.nowMs()).toISOString(),
    };
  });
}
