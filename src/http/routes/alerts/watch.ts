import { watchCancelContract, watchRegisterContract, watchStatusContract, type WatchRegisterParams } from "../../../contracts/alerts/watch.js";
import type { AlertService } from "../../../services/alerts/alert-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { alertLookupRoutes } from "./alert-lookup-routes.js";
import { priceAlertWire, registrationExtras } from "./alert-wire.js";

/** /watch/register (paid), /watch/status and /watch/cancel (free). */
export function watchRoutes(alerts: AlertService, publicBaseUrl: string): RouteModule[] {
  return [
    operationRoute(watchRegisterContract, async (p: WatchRegisterParams) => {
      const alert = await alerts.registerPrice({
        ticker: p.ticker,
        condition: p.condition,
        threshold: p.threshold,
        webhookUrl: p.webhook_url,
        expiresInDays: p.expires_in_days,
      });
      return { ...priceAlertWire({ alert, attempts: [] }), ...registrationExtras(alert, publicBaseUrl, "/watch") };
    }),
    ...alertLookupRoutes(alerts, "price", priceAlertWire, { status: watchStatusContract, cancel: watchCancelContract }),
  ];
}
