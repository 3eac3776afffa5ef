import { patternAlertCancelContract, patternAlertContract, patternAlertStatusContract, type PatternAlertParams } from "../../../contracts/alerts/pattern-alert.js";
import type { AlertService } from "../../../services/alerts/alert-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { alertLookupRoutes } from "./alert-lookup-routes.js";
import { patternAlertWire, registrationExtras } from "./alert-wire.js";

/** /pattern_alert (paid), /pattern_alert/status and /pattern_alert/cancel (free). */
export function patternAlertRoutes(alerts: AlertService, publicBaseUrl: string): RouteModule[] {
  return [
    operationRoute(patternAlertContract, async (p: PatternAlertParams) => {
      const alert = await alerts.registerPattern({
        ticker: p.ticker,
        refTicker: p.ref_ticker,
        refStart: p.ref_start,
        refEnd: p.ref_end,
        webhookUrl: p.webhook_url,
        maxSimilarity: p.max_similarity,
        timeframe: p.timeframe,
        metric: p.metric,
        expiresInDays: p.expires_in_days,
      });
      return { ...patternAlertWire({ alert, attempts: [] }), ...registrationExtras(alert, publicBaseUrl, "/pattern_alert") };
    }),
    ...alertLookupRoutes(alerts, "pattern", patternAlertWire, { status: patternAlertStatusContract, cancel: patternAlertCancelContract }),
  ];
}
