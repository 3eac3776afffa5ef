import { adsCampaignContract, adsCampaignStatusContract, type AdsCampaignParams, type AdsCampaignStatusParams } from "../../../contracts/ads/ads-campaign.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { AppError } from "../../../domain/app-error.js";
import type { AdCampaignService } from "../../../services/ads/ad-campaign-service.js";
import type { HandlerContext } from "../../mount-operation.js";
import type { RouteModule } from "../../route-module.js";
import { campaignWire } from "./ad-wire.js";

/** Dynamically priced: the quote is the budget, given only once the creative and its destination passed. */
export function adsCampaignRoute(campaigns: AdCampaignService): RouteModule {
  return {
    route: findCatalogRoute("api_ads_campaign"),
    contract: adsCampaignContract,
    quote: async (params: AdsCampaignParams) => {
      await campaigns.checkDestination(params.url);
      return params.budget_usd;
    },
    handle: async (params: AdsCampaignParams, context: HandlerContext) => {
      // The gate verified a payment before this runs; no payer means the route was mounted without it.
      if (context.payer === undefined) throw new AppError("INTERNAL", "api_ads_campaign ran without a verified payer");
      const { placement, title, url, description, keywords } = params;
      const campaign = await campaigns.create({ creative: { placement, title, url, description, keywords }, budgetUsd: params.budget_usd, advertiser: context.payer });
      context.undoIfUnpaid?.(() => campaigns.withdraw(campaign.id));
      return campaignWire(campaign);
    },
  };
}

export function adsCampaignStatusRoute(campaigns: AdCampaignService): RouteModule {
  return {
    route: findCatalogRoute("api_ads_campaign_status"),
    contract: adsCampaignStatusContract,
    handle: async (params: AdsCampaignStatusParams) => campaignWire(await campaigns.status(params.campaign_id)),
  };
}
