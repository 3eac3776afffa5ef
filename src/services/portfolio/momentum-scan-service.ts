import { rankByMomentum, type Ranked } from "../../analytics/momentum-ranking.js";
import type { MeasuredName, MomentumMeasurer } from "./momentum-measurer.js";
import type { MomentumUniverse } from "./momentum-universe.js";

export interface MomentumScanQuery {
  /** Caller's universe; undefined for the configured one. */
  universe: string[] | undefined;
  topN: number;
}

export interface MomentumScanResult {
  universeSource: string;
  universeSize: number;
  /** The strongest topN names, rank 1 first. */
  ranked: Ranked<MeasuredName>[];
  /** Names ranked below topN are left out; names without a score are all listed here. */
  unranked: MeasuredName[];
  rankedTotal: number;
}

/** Every name of a universe ranked by its composite momentum score (analytics/momentum.ts). */
export class MomentumScanService {
  constructor(
    private readonly measurer: MomentumMeasurer,
    private readonly universe: MomentumUniverse,
  ) {}

  async scan(query: MomentumScanQuery): Promise<MomentumScanResult> {
    const tickers = query.universe ?? (await this.universe.tickers());
    const measured = await this.measurer.measureMany(tickers);
    const ranked = rankByMomentum(measured, (m) => m.outcome);
    const scored = ranked.filter((r) => r.rank !== null);
    return {
      universeSource: query.universe === undefined ? this.universe.description : "the caller's list",
      universeSize: tickers.length,
      ranked: scored.slice(0, query.topN),
      unranked: ranked.filter((r) => r.rank === null).map((r) => r.item),
      rankedTotal: scored.length,
    };
  }
}
