import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import { SCAN_RANKING, tradingScanContract, type TradingScanParams } from "../../../contracts/trading/trading-scan.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import type { ScanService } from "../../../services/trading/scan-service.js";
import type { RouteModule } from "../../route-module.js";
import { signalBody } from "./trading-signal.js";

export function tradingScanRoute(scans: ScanService): RouteModule {
  return {
    route: findCatalogRoute("trading_scan"),
    contract: tradingScanContract,
    handle: async (params: TradingScanParams) => {
      const { universe, ranked, failures } = await scans.scan({ topN: params.top_n, horizonDays: params.horizon_days });
      const body = {
        universe: { version: universe.version, symbols: [...universe.symbols] },
        horizon_days: params.horizon_days,
        top_n: params.top_n,
        scanned: universe.symbols.length,
        fired: ranked.length,
        setups: ranked.slice(0, params.top_n).map((result, i) => ({ rank: i + 1, ...signalBody(result) })),
        failures: failures.map(({ ticker, status, error }) => ({ ticker, status, error })),
        ranking: SCAN_RANKING,
      };
      const items = [...ranked.map((r) => itemOutcome({ ticker: r.signal.ticker })), ...failures.map(itemOutcome)];
      return new ItemizedAnswer(body, items, "assets");
    },
  };
}
