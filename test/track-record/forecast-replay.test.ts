import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { REPLAYED_ROUTES, replayDecisionBars } from "../../src/services/track-record/forecast-replay.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

function csvSeries(ticker: string, file: string): PriceSeries {
  const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  const bars = rows.map((r) => ({ tsMs: Date.parse(`${r[0]}T00:00:00Z`), open: Number(r[1]), high: Number(r[2]), low: Number(r[3]), close: Number(r[4]), volume: null }));
  return toPriceSeries(ticker, "1d", bars);
}

/** A copy whose prices from bar `from` on are scrambled (each bar scaled by its own random factor), dates kept. */
function poisonedFrom(series: PriceSeries, from: number, seed: number): PriceSeries {
  const rng = mulberry32(seed);
  const copy = { ...series, opens: series.opens.slice(), highs: series.highs.slice(), lows: series.lows.slice(), closes: series.closes.slice() };
  for (let k = from; k < copy.closes.length; k++) {
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

  it("makes the same decisions when every bar after each decision date is poisoned, and different ones when the decision bar is", async () => {
    const replay = service().trackRecord.replay;
    const spy = csvSeries("SPY", "SPY.csv");
    const bars = replayDecisionBars(spy.closes.length).filter((_, i) => i % 90 === 3);
    expect(bars.length).toBeGreaterThanOrEqual(4);
    for (const route of REPLAYED_ROUTES) {
      const clean = await replay.decide(spy, route, bars);
      expect(clean.length).toBe(bars.length * route.horizonsDays.length);
      for (const [i, t] of bars.entries()) {
        const own = clean.slice(i * route.horizonsDays.length, (i + 1) * route.horizonsDays.length);
        expect(await replay.decide(poisonedFrom(spy, t + 1, t), route, [t])).toEqual(own);
        // The check can fail: scrambling the decision bar itself changes the decision.
        expect(await replay.decide(poisonedFrom(spy, t, t), route, [t])).not.toEqual(own);
      }
    }
  });
});
