import { watchCancelContract, watchRegisterContract, watchStatusContract, type WatchRegisterParams } from "../../../contracts/alerts/watch.js";
import type { AlertService } from "../../../services/alerts/alert-service.js";
import type { RouteModule } from "../../route-module.js";
import { alertKindRoutes } from "./alert-kind-routes.js";
import { priceAlertWire } from "./alert-wire.js";

/** /watch/register (paid), /watch/status and /watch/cancel (free). */
export function watchRoutes(alerts: AlertService, publicBaseUrl: string): RouteModule[] {
  return alertKindRoutes(alerts, publicBaseUrl, {
    kind: "price",
    family: "/watch",
    wire: priceAlertWire,
    contracts: { register: watchRegisterContract, status: watchStatusContract, cancel: watchCancelContract },
    register: (p: WatchRegisterParams) =>
      alerts.registerPrice({ ticker: p.ticker, condition: p.condition, threshold: p.threshold, webhookUrl: p.webhook_url, expiresInDays: p.expires_in_days }),
  });
}
