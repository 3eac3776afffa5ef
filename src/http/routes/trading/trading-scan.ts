import { SCAN_RANKING, tradingScanContract, type TradingScanParams } from "../../../contracts/trading/trading-scan.js";
import { ItemizedAnswer, itemOutcome } from "../../../domain/itemized-answer.js";
import { SCAN_TEST_LEVEL, type ScanService } from "../../../services/trading/scan-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { signalBody } from "./trading-signal.js";

export function tradingScanRoute(scans: ScanService): RouteModule {
  return operationRoute(tradingScanContract, async (params: TradingScanParams) => {
    const { universe, ranked, failures, multipleTesting: tests } = await scans.scan({ topN: params.top_n, horizonDays: params.horizon_days });
    const body = {
      universe: { version: universe.version, symbols: [...universe.symbols] },
      horizon_days: params.horizon_days,
      top_n: params.top_n,
      scanned: universe.symbols.length,
      fired: ranked.length,
      setups: ranked.slice(0, params.top_n).map((result, i) => {
        const test = tests.byTicker.get(result.signal.ticker);
        return { rank: i + 1, ...signalBody(result), excess_p_value: test?.pValue ?? null, excess_p_adjusted: test?.pAdjusted ?? null };
      }),
      multiple_testing: {
        hypotheses: tests.hypotheses,
        level: SCAN_TEST_LEVEL,
        notable: tests.notable,
        expected_by_chance: tests.expectedByChance,
        notable_after_adjustment: tests.notableAfterAdjustment,
        reading:
          `${tests.notable} of ${tests.hypotheses} assets have an analog excess over their baseline with p < ${SCAN_TEST_LEVEL}; ` +
          `chance alone would give about ${tests.expectedByChance.toFixed(1)}. Adjusted across the whole scan (Holm), ${tests.notableAfterAdjustment} remain.`,
      },
      failures: failures.map(({ ticker, status, error }) => ({ ticker, status, error })),
      ranking: SCAN_RANKING,
    };
    const items = [...ranked.map((r) => itemOutcome({ ticker: r.signal.ticker })), ...failures.map(itemOutcome)];
    return new ItemizedAnswer(body, items, "assets");
  });
}
