import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { DAY, naiveForecast, naivePercentile, readDataset, type Dataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

function logReturnStd(ds: Dataset, end: number, bars: number): number | null {
  const r: number[] = [];
  for (let i = end - bars + 2; i <= end; i++) {
    if (ds.breakBefore[i] === 1) return null;
    r.push(Math.log(ds.closes[i] / ds.closes[i - 1]));
  }
  const mean = r.reduce((s, v) => s + v, 0) / r.length;
  return Math.sqrt(r.reduce((s, v) => s + (v - mean) ** 2, 0) / (r.length - 1));
}

/** The label as the documentation defines it, by brute force over every earlier window. */
function naiveRegime(ds: Dataset, bars: number) {
  const end = ds.closes.length - 1;
  const vol = logReturnStd(ds, end, bars)!;
  const ret = ds.closes[end] / ds.closes[end - bars + 1] - 1;
  const z = Math.log(1 + ret) / (vol * Math.sqrt(bars - 1));
  let compared = 0;
  let atOrBelow = 0;
  for (let e = bars - 1; e <= end; e++) {
    const v = logReturnStd(ds, e, bars);
    if (v === null) continue;
    compared += 1;
    if (v <= vol) atOrBelow += 1;
  }
  const barsPerYear = ds.times.filter((t) => t > ds.times[end] - 365 * DAY && t <= ds.times[end]).length;
  const percentile = atOrBelow / compared;
  return {
    trend: z >= 1 ? "uptrend" : z <= -1 ? "downtrend" : "range",
    volatility: percentile < 0.25 ? "low" : percentile > 0.75 ? "high" : "normal",
    lookback_return: ret,
    daily_vol: vol,
    trend_z: z,
    bars_per_year: barsPerYear,
    annualized_vol: vol * Math.sqrt(barsPerYear),
    vol_percentile: percentile,
    vol_windows_compared: compared,
  };
}

describe.skipIf(!SHARED_PRESENT)("/regime_detection on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  for (const [ticker, file, lookback] of [
    ["AAPL", "AAPL.csv", undefined],
    ["BTC", "BTC-USD.csv", 30],
    ["^VIX", "VIX.csv", 120],
  ] as const) {
    it(`labels ${ticker}'s last ${lookback ?? 60} bars and lists its top-3 analogs as a naive computation does`, async () => {
      const ds = readDataset(file);
      const bars = lookback ?? 60;
      const { status, body } = await call(`/regime_detection?ticker=${encodeURIComponent(ticker)}${lookback === undefined ? "" : `&lookback_days=${lookback}`}`);
      expect(status).toBe(200);
      const n = ds.closes.length;
      expect(body).toMatchObject({ as_of: ds.dates[n - 1], lookback_days: bars });
      const expected = naiveRegime(ds, bars);
      for (const [key, value] of Object.entries(expected)) {
        if (typeof value === "number") expect(body.regime[key], key).toBeCloseTo(value, 10);
        else expect(body.regime[key], key).toBe(value);
      }
      expect(body.regime.label).toBe(`${expected.trend}, ${expected.volatility} volatility`);

      const forecast = naiveForecast(ds, n - bars, bars, 3, [7, 30], true);
      expect(body.analogs.map((a: Body) => a.start_date)).toEqual(forecast.starts.map((s) => ds.dates[s]));
      forecast.horizons.forEach((h, i) => {
        const summary = body.forward_summary[i];
        expect(summary.horizon_days).toBe(h.days);
        expect(summary.n).toBe(h.counted.length);
        expect(summary.n_independent).toBe(h.nIndependent);
        if (h.counted.length > 0) {
          expect(summary.mean).toBeCloseTo(h.counted.reduce((s, v) => s + v, 0) / h.counted.length, 12);
          expect(summary.median).toBeCloseTo(naivePercentile(h.counted, 50), 12);
          expect(summary.hit_rate).toBe(h.counted.filter((v) => v > 0).length / h.counted.length);
        }
        body.analogs.forEach((a: Body, j: number) => expect(a.forward[i].status).toBe(h.outcomes[j].status));
      });
      expect(body.method).toContain(`trend_z = ${expected.trend_z.toFixed(2)}`);
    });
  }

  it("answers bad parameters with 422 naming them, and charges nothing", async () => {
    await expectValidationFailures(harness, [
      ["/regime_detection?ticker=AAPL&lookback_days=9", "lookback_days"],
      ["/regime_detection?ticker=AAPL&lookback_days=251", "lookback_days"],
      ["/regime_detection?ticker=AAPL&lookback_days=sixty", "lookback_days"],
      ["/regime_detection?lookback_days=60", "ticker"],
    ]);
  });
});
