import { randomBytes } from "node:crypto";
import { keywordTokens, type AdPlacement, type ServedAd } from "../../domain/ad-campaign.js";
import { formatBarTime } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { AdStore } from "../../storage/repos/ad-store.js";

/** How many ranked candidates a serve tries when the first ones are drained by concurrent serves meanwhile. */
const CANDIDATES_TRIED = 5;

/**
 * Serves one sponsored item for a placement, charging its impression (the rule, as published, is
 * SELECTION_RULE in contracts/ads/ad-rules.ts). This is the one entry point for every
 * surface that shows ads: /api/ads/serve, and the sponsored slots of the router, the rounds listing and the
 * what-agents-want page. Every call counts as one serve request of the placement (the fill-rate denominator).
 */
export class AdServer {
  constructor(
    private readonly store: AdStore,
    private readonly clock: Clock,
  ) {}

  /** `keywords`: free text or a list (a router need, topic names, coin symbols); null when nothing is eligible. */
  async serve(placement: AdPlacement, keywords: string | readonly string[]): Promise<ServedAd | null> {
    const tokens = keywordTokens(typeof keywords === "string" ? keywords : keywords.join(" "));
    const servedAtMs = this.clock.nowMs();
    let served: ServedAd | null = null;
    for (const candidate of await this.store.candidates(placement, tokens, CANDIDATES_TRIED)) {
      const impressionId = `imp_${randomBytes(12).toString("hex")}`;
      const creative = await this.store.chargeImpression(candidate.campaignId, { id: impressionId, servedAtMs });
      if (creative === undefined) continue;
      served = { impressionId, placement, ...creative, matchedKeywords: candidate.matchedKeywords, servedAtMs };
      break;
    }
    await this.store.countServe(formatBarTime(servedAtMs, "1d"), placement, served !== null);
    return served;
  }

  /** The stored destination of an impression, or undefined for an unknown one; the first counted click is recorded. */
  async click(impressionId: string, options: { count: boolean } = { count: true }): Promise<string | undefined> {
    if (!/^imp_[0-9a-f]{24}$/.test(impressionId)) return undefined;
    return this.store.click(impressionId, this.clock.nowMs(), options.count);
  }
}
