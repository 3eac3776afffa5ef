import { MOMENTUM_METHOD } from "../../../contracts/portfolio/momentum-row.js";
import { momentumScanContract, type MomentumScanParams } from "../../../contracts/portfolio/momentum-scan.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import type { MomentumScanService } from "../../../services/portfolio/momentum-scan-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { momentumRow } from "./momentum-wire.js";

export function momentumScanRoute(scanner: MomentumScanService): RouteModule {
  return operationRoute(momentumScanContract, async (params: MomentumScanParams) => {
    const result = await scanner.scan({ universe: params.universe, topN: params.top_n });
    const body = {
      universe_source: result.universeSource,
      universe_size: result.universeSize,
      ranked_count: result.rankedTotal,
      top_n: params.top_n,
      results: result.ranked.map((r) => momentumRow(r.item, r.rank)),
      not_ranked: result.unranked.map((m) => momentumRow(m, null)),
      method: MOMENTUM_METHOD,
    };
    // Names ranked below top_n were served (scored); only the unranked ones can have failed.
    const items = [...result.ranked.map((r) => r.item), ...result.unranked].map(itemOutcome);
    return new ItemizedAnswer(body, items, "tickers");
  });
}
