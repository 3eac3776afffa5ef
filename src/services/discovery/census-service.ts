import { emptyAnswerError } from "../../domain/empty-answer.js";
import { buildCensus, type CensusReport } from "./census-report.js";
import type { LatestListings } from "./latest-listings.js";

/** The census report over the latest stored snapshot of each index; `ourOrigin` is this service's public origin. */
export class CensusService {
  constructor(
    private readonly listings: LatestListings,
    private readonly ourOrigin: string,
  ) {}

  /** A census of nothing serves nothing: with no index mirrored yet it is a 404 NO_DATA, and not charged. */
  async report(): Promise<CensusReport> {
    const { views } = await this.listings.views();
    if (!views.some((v) => v.freshness.mirrored)) {
      throw emptyAnswerError(
        "No discovery index is mirrored yet, so there is no census",
        "with internet the CDP Bazaar mirror is crawled at start and every 6 hours (x402scan's needs MIRROR_WALLET_PRIVATE_KEY); offline, load a recorded crawl with `npm run mirrors:import <file>`",
      );
    }
    return buildCensus(views, this.ourOrigin);
  }
}
