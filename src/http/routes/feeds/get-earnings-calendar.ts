import { getEarningsCalendarContract } from "../../../contracts/feeds/get-earnings-calendar.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { EarningsCalendarService } from "../../../services/feeds/earnings-calendar-service.js";
import type { RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function getEarningsCalendarRoute(calendar: EarningsCalendarService): RouteModule {
  return {
    route: findCatalogRoute("get_earnings_calendar"),
    contract: getEarningsCalendarContract,
    handle: async (params: { date?: string }) => {
      const served = await calendar.onDate(params.date);
      return { date: served.value.date, count: served.value.rows.length, earnings: served.value.rows, ...snapshotMeta(served) };
    },
  };
}
