import { rankByMomentum, type Ranked } from "../../analytics/momentum-ranking.js";
import type { MeasuredName, MomentumMeasurer } from "./momentum-measurer.js";
import type { SectorEtf } from "./sector-etfs.js";

export interface SectorRow {
  etf: SectorEtf;
  measured: MeasuredName;
}

export interface SectorMomentumResult {
  /** Month of the static constituent map behind the leader names. */
  constituentsAsOf: string;
  etfCount: number;
  ranked: Ranked<SectorRow>[];
  unranked: SectorRow[];
  rankedTotal: number;
}

/** The sector and theme ETFs of the table ranked by the same composite momentum as the scan. */
export class SectorMomentumService {
  constructor(
    private readonly measurer: MomentumMeasurer,
    private readonly etfs: readonly SectorEtf[],
    private readonly constituentsAsOf: string,
  ) {}

  async rank(topN: number | undefined): Promise<SectorMomentumResult> {
    const measured = await this.measurer.measureMany(this.etfs.map((e) => e.etf));
    const rows = this.etfs.map((etf, i) => ({ etf, measured: measured[i] }));
    const ranked = rankByMomentum(rows, (row) => row.measured.outcome);
    const scored = ranked.filter((r) => r.rank !== null);
    return {
      constituentsAsOf: this.constituentsAsOf,
      etfCount: this.etfs.length,
      ranked: scored.slice(0, topN ?? scored.length),
      unranked: ranked.filter((r) => r.rank === null).map((r) => r.item),
      rankedTotal: scored.length,
    };
  }
}
