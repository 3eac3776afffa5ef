import { MOMENTUM_METHOD } from "../../../contracts/portfolio/momentum-row.js";
import { sectorsMomentumContract, type SectorsMomentumParams } from "../../../contracts/portfolio/sectors-momentum.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import type { SectorMomentumService, SectorRow } from "../../../services/portfolio/sector-momentum-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { momentumRow } from "./momentum-wire.js";

function sectorRow(row: SectorRow, rank: number | null) {
  return { ...momentumRow(row.measured, rank), kind: row.etf.kind, name: row.etf.name, leaders: [...row.etf.leaders] };
}

export function sectorsMomentumRoute(sectors: SectorMomentumService): RouteModule {
  return operationRoute(sectorsMomentumContract, async (params: SectorsMomentumParams) => {
    const result = await sectors.rank(params.top_n);
    const body = {
      constituents_as_of: result.constituentsAsOf,
      constituents_note: `leaders are the funds' largest holdings from a static map as of ${result.constituentsAsOf}, not refreshed`,
      etf_count: result.etfCount,
      ranked_count: result.rankedTotal,
      results: result.ranked.map((r) => sectorRow(r.item, r.rank)),
      not_ranked: result.unranked.map((row) => sectorRow(row, null)),
      method: MOMENTUM_METHOD,
    };
    const items = [...result.ranked.map((r) => r.item), ...result.unranked].map((row) => itemOutcome(row.measured));
    return new ItemizedAnswer(body, items, "funds");
  });
}
