import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { offlineFileStem } from "../../src/providers/prices/offline/offline-file-names.js";
import { replayDecisionBars } from "../../src/services/track-record/replay-routes.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

function csvSeries(ticker: string): PriceSeries {
  const file = `${offlineFileStem(ticker) ?? ticker}.csv`;
  const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const bars = rows.map((r) => ({ tsMs: Date.parse(`${r[0]}T00:00:00Z`), open: Number(r[1]), high: Number(r[2]), low: Number(r[3]), close: Number(r[4]), volume: null }));
  return toPriceSeries(ticker, "1d", bars);
}

/** A copy whose prices from `fromMs` on are scrambled (each bar scaled by its own random factor), dates kept. */
function poisonedFrom(series: PriceSeries, fromMs: number, seed: number): PriceSeries {
  const rng = mulberry32(seed);
  const copy = { ...series, opens: series.opens.slice(), highs: series.highs.slice(), lows: series.lows.slice(), closes: series.closes.slice() };
  for (let k = 0; k < copy.closes.length; k++) {
    if (copy.timesMs[k] < fromMs) continue;
    const f = 0.5 + rng();
    copy.opens[k] *= f;
    copy.highs[k] *= f;
    copy.lows[k] *= f;
    copy.closes[k] *= f;
  }
  return copy;
}

describe.skipIf(!SHARED_PRESENT)("the walk-forward replay of the forecast routes", () => {
  const service = suiteService();

  it("decides every 21st trading day from bar 504", () => {
    expect(replayDecisionBars(504)).toEqual([]);
    expect(replayDecisionBars(546)).toEqual([504, 525]);
    expect(replayDecisionBars(547)).toEqual([504, 525, 546]);
  });

  it("replays every forecast route of the log but the scan, which is the signal's", () => {
    const routes = service().trackRecord.replay.routes.map((r) => r.route);
    expect(routes.sort()).toEqual(
      ["api_backtest", "forward_distribution", "get_patterns", "macro_analog", "pattern_backtest", "playbook", "position_size", "regime_detection", "trading_signal"].sort(),
    );
  });

  // Per route, a ticker whose history gives decisions: /pattern_backtest's trigger (+10% in 20 bars) fires often on NVDA.
  const tickerOf = (route: string) => (route === "pattern_backtest" ? "NVDA" : "SPY");

  it("makes the same decisions when every bar after each decision date is poisoned, and different ones when the month up to it is", async () => {
    const replay = service().trackRecord.replay;
    for (const route of replay.routes) {
      const ticker = tickerOf(route.route);
      const histories = [ticker, ...route.companions(ticker)].map(csvSeries);
      // From the later half of the history, where all four macro series exist (gold's file starts in 2009).
      const all = route.decisionBars(histories[0]).slice(-Math.floor(route.decisionBars(histories[0]).length / 2));
      const bars = all.filter((_, i) => i % Math.ceil(all.length / 4) === 3);
      expect(bars.length, route.route).toBeGreaterThanOrEqual(3);
      const clean = await Promise.all(bars.map((t) => replay.decide(histories, route, [t])));
      expect(clean.flat().length, route.route).toBeGreaterThanOrEqual(bars.length);
      for (const [i, t] of bars.entries()) {
        const moment = histories[0].timesMs[t];
        // Every history after the decision's moment (the next day on): the same claims.
        const after = histories.map((h, j) => poisonedFrom(h, moment + 1, t + j));
        expect(await replay.decide(after, route, [t]), `${route.route} at bar ${t}`).toEqual(clean[i]);
        // The check can fail: scrambling the month up to the decision (the query window, which for /macro_analog's
        // joint search the last bar alone may leave with the same periods) changes the decision.
        const at = histories.map((h, j) => poisonedFrom(h, moment - 30 * 86_400_000, t + j));
        expect(await replay.decide(at, route, [t]), `${route.route} at bar ${t}, its month scrambled`).not.toEqual(clean[i]);
      }
    }
  });
});
