import { describe, expect, it } from "vitest";
import { toAnalog, type Analog } from "../../src/analytics/analog-search.js";
import { forwardDistribution } from "../../src/analytics/forward-distribution.js";
import { toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { regimeLabel } from "../../src/analytics/regime-label.js";
import { returnProfileBacktest } from "../../src/analytics/walk-forward-backtest.js";
import { prepareSeries, type PreparedSeries } from "../../src/core/prepared-series.js";
import { searchSeriesWindow } from "../../src/core/search-series.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { readDataset } from "./forecast-oracle.js";

/** The walk-forward search the forecast routes send to the workers: windows ending at or before the query's start. */
function findCausalAnalogs(series: PriceSeries, prepared: PreparedSeries, queryStart: number, m: number, k: number, metric: "l1" | "l2"): Analog[] {
  return searchSeriesWindow(prepared, queryStart, m, { k, metric, wrap: false, causal: true }).map((match) => toAnalog(series, match, m, metric));
}

/**
 * Look-ahead guards: cutting the history off right after an event must not change that event's figures.
 * If a computation peeked at later bars, the truncated and the full runs would disagree.
 */
function loadSeries(file: string): PriceSeries {
  const ds = readDataset(file);
  const bars = ds.times.map((tsMs, i) => ({ tsMs, open: ds.closes[i], high: ds.closes[i], low: ds.closes[i], close: ds.closes[i], volume: null }));
  return toPriceSeries(file, "1d", bars);
}

function truncate(series: PriceSeries, length: number): PriceSeries {
  const cut = <T extends Float64Array | Uint8Array>(a: T) => a.slice(0, length) as T;
  return {
    ...series,
    timesMs: cut(series.timesMs),
    opens: cut(series.opens),
    highs: cut(series.highs),
    lows: cut(series.lows),
    closes: cut(series.closes),
    breakBefore: cut(series.breakBefore),
  };
}

describe.skipIf(!SHARED_PRESENT)("no look-ahead in the forecast analytics", () => {
  it("a return-profile event keeps its trigger and outcome when history ends at its outcome bar", () => {
    const spy = loadSeries("SPY.csv");
    const options = { lookbackBars: 20, forwardBars: 20, minReturn: -0.1 };
    const full = returnProfileBacktest(spy, options);
    expect(full.completed.length).toBeGreaterThan(50);
    for (const event of [full.completed[0], full.completed[40], full.independent[10]]) {
      const cut = returnProfileBacktest(truncate(spy, event.index + options.forwardBars + 1), options);
      expect(cut.completed[cut.completed.length - 1]).toEqual(event);
      // Every earlier event, and the independent selection up to it, is the same as in the full run.
      const earlier = full.completed.filter((e) => e.index <= event.index);
      expect(cut.completed).toEqual(earlier);
      expect(cut.independent).toEqual(full.independent.filter((e) => e.index <= event.index));
      // Cut right at the trigger: the event is pending with the same trigger return, no outcome invented.
      const atTrigger = returnProfileBacktest(truncate(spy, event.index + 1), options);
      expect(atTrigger.pending[atTrigger.pending.length - 1]).toEqual({ ...event, forwardReturn: null });
    }
  });

  it("a regime label of a past date is the same whether or not later bars exist", () => {
    const aapl = loadSeries("AAPL.csv");
    for (const endIndex of [400, 5000, 9000]) {
      for (const bars of [10, 60, 250]) {
        const later = regimeLabel(aapl, endIndex, bars);
        const then = regimeLabel(truncate(aapl, endIndex + 1), endIndex, bars);
        expect(then).toEqual(later);
      }
    }
  });

  it("a causal forecast of a past window is the same as it was when the window had just closed", () => {
    const msft = loadSeries("MSFT.csv");
    for (const [queryStart, m] of [
      [5600, 21],
      [8000, 40],
    ]) {
      const full = findCausalAnalogs(msft, prepareSeries(msft.closes, msft.breakBefore), queryStart, m, 20, "l2");
      const cutSeries = truncate(msft, queryStart + m);
      const cut = findCausalAnalogs(cutSeries, prepareSeries(cutSeries.closes, cutSeries.breakBefore), queryStart, m, 20, "l2");
      expect(cut.map((a) => [a.indices[0], a.distance])).toEqual(full.map((a) => [a.indices[0], a.distance]));
      const horizons = [7, 30, 90];
      const later = forwardDistribution(msft, full, m, queryStart, horizons);
      const then = forwardDistribution(cutSeries, cut, m, queryStart, horizons);
      // Counted outcomes end by the query's first close, so history after the window cannot change them.
      expect(then.horizons).toEqual(later.horizons);
      expect(later.horizons.every((h) => h.stats.n > 0)).toBe(true);
    }
  });

  it("an analog's outcome is not counted until history reaches its horizon, then never changes", () => {
    const btc = loadSeries("BTC-USD.csv");
    const queryStart = 3000;
    const m = 30;
    const analogs = findCausalAnalogs(btc, prepareSeries(btc.closes, btc.breakBefore), queryStart, m, 10, "l2");
    const full = forwardDistribution(btc, analogs, m, queryStart, [30]);
    const counted = full.outcomes.findIndex((row) => row[0].status === "counted");
    const closeIndex = full.outcomes[counted][0].closeIndex!;
    const exactly = forwardDistribution(truncate(btc, closeIndex + 1), analogs, m, queryStart, [30]);
    expect(exactly.outcomes[counted][0]).toEqual(full.outcomes[counted][0]);
    const before = forwardDistribution(truncate(btc, closeIndex), analogs, m, queryStart, [30]);
    expect(before.outcomes[counted][0]).toMatchObject({ status: "beyond_history", forwardReturn: null });
  });
});
