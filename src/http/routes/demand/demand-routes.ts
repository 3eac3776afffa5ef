import {
  demandAboutContract,
  demandConversionContract,
  demandCrawlToReferContract,
  demandTopContract,
  demandUnmetContract,
  MONITORS_ARE,
  whatAgentsWantContract,
  type CrawlParams,
  type WindowParams,
} from "../../../contracts/demand/demand-log-contracts.js";
import {
  demandCompetitorsContract,
  demandIntentContract,
  demandMatchesContract,
  demandPricingContract,
  demandReliabilityContract,
  PRICING_RULE,
} from "../../../contracts/demand/demand-market-contracts.js";
import { PRIVACY_NOTE, windowDays } from "../../../contracts/demand/demand-schemas.js";
import type { OperationContract } from "../../../contracts/operation-contract.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { demandSample } from "../../../services/demand/about-report.js";
import { CRAWL_TO_REFER_METHOD, crawlTotals } from "../../../services/demand/crawl-and-weekly-reports.js";
import type { DemandReports } from "../../../services/demand/demand-reports.js";
import type { ReportWindow } from "../../../services/demand/privacy.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { whatAgentsWantPage } from "./what-agents-want-page.js";
import type { SponsoredItem } from "../../../contracts/ads/sponsored-item.js";
import { emptyAnswerError } from "../../../domain/empty-answer.js";

/** The ad network's labelled slot on the weekly page, matched to the week's topics (default: none). */
export type WeeklySponsoredSlot = (topics: readonly string[]) => Promise<SponsoredItem | null>;

/** What a paid demand report answers when no row of its window reaches the privacy threshold. */
function noPublishableRow(path: string, window: ReportWindow) {
  return emptyAnswerError(
    `${path} has no publishable row from ${window.from} to ${window.to}`,
    "no row reached the privacy threshold (at least 3 distinct clients in the window) and no listing of a mirrored discovery index " +
      "applies; try a longer window, or later",
  );
}

/** The eleven demand routes: each reads one report of the demand service, which reads the log only through the privacy module. */
export function demandRoutes(reports: DemandReports, sponsoredFor: WeeklySponsoredSlot = async () => null): RouteModule[] {
  const envelope = (window: ReportWindow) => ({ window: { days: window.days, from: window.from, to: window.to }, generated_at: reports.nowIso(), privacy: PRIVACY_NOTE });
  // A paid report whose rows all fell under the privacy threshold serves nothing: it is a 404, never settled.
  const report = <T extends object>(contract: OperationContract, window: ReportWindow, body: T, rows: (body: T) => readonly (readonly unknown[])[]) => {
    if (rows(body).every((r) => r.length === 0)) throw noPublishableRow(findCatalogRoute(contract.operationId).path, window);
    return { ...envelope(window), ...body };
  };
  const windowed = <T extends object>(contract: OperationContract, build: (window: ReportWindow) => Promise<T>, rows: (body: T) => readonly (readonly unknown[])[]): RouteModule =>
    operationRoute(contract, async (params: WindowParams) => {
      const window = reports.window(windowDays(params.window));
      return report(contract, window, await build(window), rows);
    });
  const freshness = async () => ({ index_freshness: await reports.market.freshness() });

  return [
    operationRoute(demandAboutContract, () => demandSample(reports)),
    windowed(
      demandTopContract,
      async (w) => {
        const top = await reports.log.top(w);
        const sum = (pick: (e: (typeof top.endpoints)[number]) => number) => top.endpoints.reduce((t, e) => t + pick(e), 0);
        return { ...top, totals: { quotes: sum((e) => e.quotes), served: sum((e) => e.served), hits: sum((e) => e.hits) } };
      },
      (b) => [b.endpoints, b.categories],
    ),
    windowed(demandUnmetContract, async (w) => ({ build_order: await reports.log.unmet(w) }), (b) => [b.build_order]),
    windowed(demandConversionContract, async (w) => ({ ...(await reports.log.conversion(w)), monitors_are: MONITORS_ARE }), (b) => [b.rows]),
    windowed(
      demandCompetitorsContract,
      async (w) => {
        const { census, freshness: indexes, ecosystems } = await reports.market.competitors(w);
        const missing = indexes.filter((i) => !i.mirrored).map((i) => i.index);
        const note = missing.length === 0 ? "Every index is mirrored." : `Not mirrored: ${missing.join(", ")}; their listings are missing from the census.`;
        return { supply_census: census, index_freshness: indexes, ecosystems_calling_us: ecosystems, note };
      },
      (b) => [b.supply_census, b.ecosystems_calling_us],
    ),
    windowed(demandIntentContract, async (w) => ({ intents: await reports.router.intent(w) }), (b) => [b.intents]),
    operationRoute(demandCrawlToReferContract, async (params: CrawlParams) => {
      const window = reports.window(params.window);
      const companies = await reports.crawlsAndWeeks.crawlToRefer(window);
      return report(demandCrawlToReferContract, window, { ...crawlTotals(companies), companies, method: CRAWL_TO_REFER_METHOD }, (b) => [b.companies]);
    }),
    windowed(demandMatchesContract, async (w) => ({ matches: await reports.market.matches(w), ...(await freshness()) }), (b) => [b.matches]),
    windowed(demandPricingContract, async (w) => ({ categories: await reports.market.pricing(w), ...(await freshness()), rule: PRICING_RULE }), (b) => [b.categories]),
    windowed(demandReliabilityContract, async (w) => ({ providers: await reports.router.reliability(w) }), (b) => [b.providers]),
    operationRoute(whatAgentsWantContract, async () => {
      const weekly = await reports.weekly();
      return { ...weekly, sponsored: await sponsoredFor(weekly.topics.map((t) => t.topic)) };
    }, { html: whatAgentsWantPage }),
  ];
}
