import { adsCampaignContract, adsCampaignStatusContract, type AdsCampaignParams, type AdsCampaignStatusParams } from "../../../contracts/ads/ads-campaign.js";
import { AppError } from "../../../domain/app-error.js";
import type { AdCampaignService } from "../../../services/ads/ad-campaign-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { campaignWire } from "./ad-wire.js";

/** Dynamically priced: the quote is the budget, given only once the creative and its destination passed. */
export function adsCampaignRoute(campaigns: AdCampaignService): RouteModule {
  const quote = async (params: AdsCampaignParams) => {
    await campaigns.checkDestination(params.url);
    return params.budget_usd;
  };
  return operationRoute(adsCampaignContract, async (params: AdsCampaignParams, context: HandlerContext) => {
    // The gate verified a payment before this runs; no payer means the route was mounted without it.
    if (context.payer === undefined) throw new AppError("INTERNAL", "api_ads_campaign ran without a verified payer");
    const { placement, title, url, description, keywords } = params;
    const campaign = await campaigns.create({ creative: { placement, title, url, description, keywords }, budgetUsd: params.budget_usd, advertiser: context.payer });
    context.undoIfUnpaid?.(() => campaigns.withdraw(campaign.id));
    return campaignWire(campaign);
  }, { quote });
}

export function adsCampaignStatusRoute(campaigns: AdCampaignService): RouteModule {
  return operationRoute(adsCampaignStatusContract, async (params: AdsCampaignStatusParams) => campaignWire(await campaigns.status(params.campaign_id)));
}
