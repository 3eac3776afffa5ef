import { patternAlertCancelContract, patternAlertContract, patternAlertStatusContract, type PatternAlertParams } from "../../../contracts/alerts/pattern-alert.js";
import type { AlertService } from "../../../services/alerts/alert-service.js";
import type { RouteModule } from "../../route-module.js";
import { alertKindRoutes } from "./alert-kind-routes.js";
import { patternAlertWire } from "./alert-wire.js";

/** /pattern_alert (paid), /pattern_alert/status and /pattern_alert/cancel (free). */
export function patternAlertRoutes(alerts: AlertService, publicBaseUrl: string): RouteModule[] {
  return alertKindRoutes(alerts, publicBaseUrl, {
    kind: "pattern",
    family: "/pattern_alert",
    wire: patternAlertWire,
    contracts: { register: patternAlertContract, status: patternAlertStatusContract, cancel: patternAlertCancelContract },
    register: (p: PatternAlertParams) =>
      alerts.registerPattern({
        ticker: p.ticker,
        refTicker: p.ref_ticker,
        refStart: p.ref_start,
        refEnd: p.ref_end,
        webhookUrl: p.webhook_url,
        maxSimilarity: p.max_similarity,
        timeframe: p.timeframe,
        metric: p.metric,
        expiresInDays: p.expires_in_days,
      }),
  });
}
