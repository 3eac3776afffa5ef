import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { regimeLabel } from "../../src/analytics/regime-label.js";
import { sampleStd } from "../../src/core/statistics.js";
import { parseBarsCsv } from "../../src/providers/prices/offline/csv-bars-parser.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

const DAY = 86_400_000;

/**
 * The volatility rank by its definition: every window of `bars` bars ending at or before endIndex whose bars
 * are all good and span no gap, its sampleStd of daily log returns, counted when at or below the window's own.
 */
function definitionalRank(series: PriceSeries, endIndex: number, bars: number): { compared: number; atOrBelow: number } {
  const returnsOf = (e: number) => {
    const out: number[] = [];
    for (let i = e - bars + 2; i <= e; i++) {
      const r = Math.log(series.closes[i] / series.closes[i - 1]);
      if (!Number.isFinite(r) || series.breakBefore[i] === 1) return null;
      out.push(r);
    }
    return out;
  };
  const target = sampleStd(returnsOf(endIndex)!);
  let compared = 0;
  let atOrBelow = 0;
  for (let e = bars - 1; e <= endIndex; e++) {
    const returns = returnsOf(e);
    if (returns === null) continue;
    compared += 1;
    if (sampleStd(returns) <= target) atOrBelow += 1;
  }
  return { compared, atOrBelow };
}

function expectSameRank(series: PriceSeries, endIndex: number, bars: number): void {
  const label = regimeLabel(series, endIndex, bars);
  const { compared, atOrBelow } = definitionalRank(series, endIndex, bars);
  expect([label.volWindowsCompared, label.volPercentile], `${series.ticker} end ${endIndex} bars ${bars}`).toEqual([compared, atOrBelow / compared]);
}

/** Daily bars from closes, one a day, with a gap (a long closure) before each index in `gapsBefore`. */
function dailySeries(ticker: string, closes: number[], gapsBefore: number[] = []): PriceSeries {
  let t = Date.UTC(2000, 0, 3);
  const bars = closes.map((close, i) => {
    if (i > 0) t += gapsBefore.includes(i) ? 30 * DAY : DAY;
    return { tsMs: t, open: close, high: close, low: close, close, volume: null };
  });
  return toPriceSeries(ticker, "1d", bars);
}

describe("regime volatility rank (prefix sums, exact where close) equals the window-by-window definition", () => {
  it.skipIf(!SHARED_PRESENT)("on every dataset file, for short and long windows, at the last bar and at earlier ones", () => {
    const uniform = mulberry32(31);
    for (const file of fs.readdirSync(DAILY_DATASET_DIR).filter((f) => f.endsWith(".csv"))) {
      const ticker = file.slice(0, -4);
      const series = toPriceSeries(ticker, "1d", parseBarsCsv(fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8"), ticker));
      const n = series.closes.length;
      for (const bars of [3, 20, 60, 250]) {
        for (const endIndex of [n - 1, Math.floor(n / 2), bars - 1 + Math.floor(uniform() * (n - bars))]) {
          try {
            regimeLabel(series, endIndex, bars);
          } catch {
            continue; // that window spans a gap: no label to compare
          }
          expectSameRank(series, endIndex, bars);
        }
      }
    }
  });

  it("with exact ties (periodic returns), flat stretches (zero volatility), bad closes and gaps", () => {
    // Periodic: every window of a multiple of the period holds the same returns in another order.
    const periodic = dailySeries("PERIODIC", Array.from({ length: 400 }, (_, i) => 100 * Math.exp([0.01, -0.02, 0.015, 0.003][i % 4]! * (i % 7))));
    for (const bars of [3, 5, 9, 29]) for (const end of [399, 250, 100]) expectSameRank(periodic, end, bars);
    // Flat stretches: many windows of volatility exactly 0, and a target of exactly 0.
    const flat = dailySeries("FLAT", Array.from({ length: 300 }, (_, i) => (i < 100 || i >= 200 ? 50 : 50 + (i % 3))));
    for (const bars of [3, 10, 40]) for (const end of [299, 150, 60]) expectSameRank(flat, end, bars);
    // Constant series: everything ties at 0.
    const constant = dailySeries("CONST", Array(120).fill(10));
    expectSameRank(constant, 119, 10);
    // Gaps and a bad close: windows across them are left out of both counts.
    const uniform = mulberry32(5);
    const walk: number[] = [100];
    for (let i = 1; i < 600; i++) walk.push(walk[i - 1]! * Math.exp((uniform() - 0.5) * 0.04));
    walk[333] = 0;
    const gapped = dailySeries("GAPPED", walk, [150, 151, 420]);
    for (const bars of [3, 15, 60]) for (const end of [599, 300, 149]) expectSameRank(gapped, end, bars);
  });
});
