import { getEconomicCalendarContract } from "../../../contracts/feeds/get-economic-calendar.js";
import type { EconomicCalendarService, EconQuery } from "../../../services/feeds/economic-calendar-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getEconomicCalendarRoute(calendar: EconomicCalendarService): RouteModule {
  return operationRoute(getEconomicCalendarContract, async (params: EconQuery) => {
    const served = await calendar.events(params);
    const v = served.value;
    return {
      period: v.period,
      date_from: v.dateFrom,
      date_to: v.dateTo,
      currencies: params.currencies,
      importance: params.importance,
      count: v.events.length,
      events: v.events,
      ...(v.note === undefined ? {} : { note: v.note }),
      ...snapshotMeta(served),
    };
  });
}
