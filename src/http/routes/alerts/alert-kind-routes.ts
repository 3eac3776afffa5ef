import type { OperationContract } from "../../../contracts/operation-contract.js";
import type { AlertKind, AlertRecord } from "../../../domain/alert.js";
import type { AlertService, AlertView } from "../../../services/alerts/alert-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { registrationExtras } from "./alert-wire.js";

/** What differs between the alert kinds' routes: the contracts, the wire form and how a registration is made. */
export interface AlertKindRoutes<P extends Record<string, unknown>> {
  kind: AlertKind;
  family: "/watch" | "/pattern_alert";
  wire: (view: AlertView) => object;
  contracts: { register: OperationContract; status: OperationContract; cancel: OperationContract };
  register: (params: P) => Promise<AlertRecord>;
}

/**
 * The paid registration and the free status and cancel routes of one alert kind. A registration answers the new
 * alert's status with its secret and lookup URLs; both lookups find the alert the same way (an unknown watch_id,
 * or one of the other kind, is 404) and cancel adds `cancelled_now`.
 */
export function alertKindRoutes<P extends Record<string, unknown>>(alerts: AlertService, publicBaseUrl: string, routes: AlertKindRoutes<P>): RouteModule[] {
  const { kind, wire, contracts } = routes;
  return [
    operationRoute(contracts.register, async (params: P) => {
      const alert = await routes.register(params);
      return { ...wire({ alert, attempts: [] }), ...registrationExtras(alert, publicBaseUrl, routes.family) };
    }),
    operationRoute(contracts.status, async (p: { watch_id: string }) => wire(await alerts.status(kind, p.watch_id))),
    operationRoute(contracts.cancel, async (p: { watch_id: string }) => {
      const view = await alerts.cancel(kind, p.watch_id);
      return { ...wire(view), cancelled_now: view.cancelledNow };
    }),
  ];
}
