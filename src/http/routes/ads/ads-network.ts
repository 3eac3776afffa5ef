import { adsNetworkContract, ADS_PRIVACY_NOTE } from "../../../contracts/ads/ads-network.js";
import { NETWORK_WINDOW_DAYS, type AdNetworkService, type PublishedActivity } from "../../../services/ads/ad-network-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

const activityWire = (a: PublishedActivity | null) =>
  a === null
    ? null
    : { impressions: a.impressions, clicks: a.clicks, fill_rate: a.fillRate, click_through_rate: a.clickThroughRate, advertisers: a.advertisers };

export function adsNetworkRoute(network: AdNetworkService): RouteModule {
  return operationRoute(adsNetworkContract, async () => {
    const stats = await network.stats();
    return {
      window: { days: NETWORK_WINDOW_DAYS, from: new Date(stats.fromMs).toISOString(), to: new Date(stats.toMs).toISOString() },
      campaigns: stats.campaigns,
      placements: stats.placements.map((p) => ({ placement: p.placement, serve_requests: p.serveRequests, activity: activityWire(p.activity) })),
      total: { serve_requests: stats.total.serveRequests, activity: activityWire(stats.total.activity), placements_included: stats.total.placementsIncluded },
      privacy: ADS_PRIVACY_NOTE,
    };
  });
}
