import { getEarningsCalendarContract } from "../../../contracts/feeds/get-earnings-calendar.js";
import type { EarningsCalendarService } from "../../../services/feeds/earnings-calendar-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getEarningsCalendarRoute(calendar: EarningsCalendarService): RouteModule {
  return operationRoute(getEarningsCalendarContract, async (params: { date?: string }) => {
    const served = await calendar.onDate(params.date);
    return { date: served.value.date, count: served.value.rows.length, earnings: served.value.rows, ...snapshotMeta(served) };
  });
}
