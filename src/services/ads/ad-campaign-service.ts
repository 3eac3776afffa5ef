import { randomBytes } from "node:crypto";
import {
  impressionPriceMicros,
  MAX_BUDGET_USD,
  MICROS_PER_USD,
  MIN_BUDGET_USD,
  type AdCampaign,
  type AdCreative,
} from "../../domain/ad-campaign.js";
import { AppError, validationError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { AdStore } from "../../storage/repos/ad-store.js";
import { checkCallerUrl, type CallerUrlChecker } from "../caller-url-check.js";

export interface CampaignPurchase {
  creative: AdCreative;
  budgetUsd: number;
  /** The wallet whose payment was verified: the campaign's advertiser. */
  advertiser: string;
}

/** Buying a campaign (after its creative and destination passed) and reading one back by its id. */
export class AdCampaignService {
  constructor(
    private readonly store: AdStore,
    private readonly destinations: CallerUrlChecker,
    private readonly clock: Clock,
  ) {}

  /**
   * The destination must be an https URL the SSRF-safe client would accept, whose host resolves now to
   * public addresses only. Called before the payment is asked for, and again when the campaign is created.
   */
  async checkDestination(url: string): Promise<void> {
    await checkCallerUrl(this.destinations, url, "url");
  }

  async create(purchase: CampaignPurchase): Promise<AdCampaign> {
    const { creative, budgetUsd } = purchase;
    if (!(budgetUsd >= MIN_BUDGET_USD && budgetUsd <= MAX_BUDGET_USD)) {
      throw validationError("budget_usd", `must be between ${MIN_BUDGET_USD} and ${MAX_BUDGET_USD}`);
    }
    await this.checkDestination(creative.url);
    const budgetMicros = Math.round(budgetUsd * MICROS_PER_USD);
    const campaign: AdCampaign = {
      ...creative,
      keywords: [...creative.keywords].sort(),
      id: `cmp_${randomBytes(12).toString("hex")}`,
      advertiser: purchase.advertiser.toLowerCase(),
      budgetMicros,
      impressionPriceMicros: impressionPriceMicros(creative.placement),
      remainingMicros: budgetMicros,
      impressions: 0,
      clicks: 0,
      state: "active",
      createdAtMs: this.clock.nowMs(),
      exhaustedAtMs: null,
    };
    await this.store.insertCampaign(campaign);
    return campaign;
  }

  /** Takes back a campaign whose payment failed to settle. */
  async withdraw(campaignId: string): Promise<void> {
    await this.store.deleteCampaign(campaignId);
  }

  async status(campaignId: string): Promise<AdCampaign> {
    const campaign = await this.store.getCampaign(campaignId);
    if (campaign === undefined) throw new AppError("NOT_FOUND", `No campaign ${campaignId}`);
    return campaign;
  }
}
