import { buildCensus, type CensusReport } from "./census-report.js";
import type { LatestListings } from "./latest-listings.js";

/** The census report over the latest stored snapshot of each index; `ourOrigin` is this service's public origin. */
export class CensusService {
  constructor(
    private readonly listings: LatestListings,
    private readonly ourOrigin: string,
  ) {}

  async report(): Promise<CensusReport> {
    return buildCensus((await this.listings.views()).views, this.ourOrigin);
  }
}
