import type { OperationContract } from "../../../contracts/operation-contract.js";
import type { AlertKind } from "../../../domain/alert.js";
import type { AlertService, AlertView } from "../../../services/alerts/alert-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

/**
 * The free status and cancel routes of one alert kind. Both kinds look the alert up the same way (an unknown
 * watch_id, or one of the other kind, is 404) and answer it in their own wire form; cancel adds `cancelled_now`.
 */
export function alertLookupRoutes(
  alerts: AlertService,
  kind: AlertKind,
  wire: (view: AlertView) => object,
  contracts: { status: OperationContract; cancel: OperationContract },
): RouteModule[] {
  return [
    operationRoute(contracts.status, async (p: { watch_id: string }) => wire(await alerts.status(kind, p.watch_id))),
    operationRoute(contracts.cancel, async (p: { watch_id: string }) => {
      const view = await alerts.cancel(kind, p.watch_id);
      return { ...wire(view), cancelled_now: view.cancelledNow };
    }),
  ];
}
