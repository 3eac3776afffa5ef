import { describe, expect, it } from "vitest";
import { naiveMeanInterval, naiveSkewness } from "../reference/naive-evidence.js";
import { naiveDesignEffect } from "../reference/naive-selection-effect.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { naiveBaseline, naiveForecast, naivePercentile, readDataset, type Dataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

/** Daily volatility of the window ending at bar e of length m: std of the log returns over its last max(m, 20) bars. */
function naiveVolatility(ds: Dataset, e: number, m: number): number {
  const first = Math.max(0, e - Math.max(m, 20) + 1);
  const r: number[] = [];
  for (let i = first + 1; i <= e; i++) r.push(Math.log(ds.closes[i] / ds.closes[i - 1]));
  const mean = r.reduce((s, v) => s + v, 0) / r.length;
  return Math.sqrt(r.reduce((s, v) => s + (v - mean) ** 2, 0) / (r.length - 1));
}

/** The sizing as the documentation states it, from the CSV: moves around the drift on the query's risk, Kelly on their lower bound. */
function expectedSizing(file: string, startDate: string, endDate: string, k: number, days: number, confidence: number, account: number) {
  const ds = readDataset(file);
  const start = ds.dates.indexOf(startDate);
  const m = ds.dates.indexOf(endDate) - start;
  // Causal by default: analogs before the window, baseline outcomes closed by its first bar.
  const forecast = naiveForecast(ds, start, m, k, [days], true);
  const queryVol = naiveVolatility(ds, start + m - 1, m);
  const base = naiveBaseline(ds, days, start);
  const analogVols = forecast.starts.map((s) => naiveVolatility(ds, s + m - 1, m));
  const counted = forecast.starts
    .map((s, i) => ({ s, o: forecast.horizons[0].outcomes[i] as { status: string; ret: number | null; j?: number | null }, vol: analogVols[i] }))
    .filter((x) => x.o.status === "counted")
    .map((x) => ({ span: [x.s, x.o.j!] as [number, number], rescaled: base.mean + ((x.o.ret! - base.mean) * queryVol) / x.vol }));
  // Independent: earliest end first, touching allowed.
  const independent: number[] = [];
  let lastEnd = -Infinity;
  for (const c of [...counted].sort((a, b) => a.span[1] - b.span[1] || a.span[0] - b.span[0])) {
    if (c.span[0] >= lastEnd) {
      independent.push(c.rescaled);
      lastEnd = c.span[1];
    }
  }
  const n = independent.length;
  const mean = independent.reduce((s, v) => s + v, 0) / n;
  const variance = independent.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  // The interval is widened by the square root of the analogs' selection effect (naive-selection-effect.ts).
  const widen = Math.sqrt(naiveDesignEffect(ds, m, k, [days], true, start)[0]!);
  const plain = n < 5 ? null : naiveMeanInterval(mean, Math.sqrt(variance), n, naiveSkewness(base.values));
  const interval = plain === null ? null : { low: mean - widen * (mean - plain.low), high: mean + widen * (plain.high - mean) };
  const shrunk = interval === null ? 0 : Math.max(0, interval.low);
  const full = Math.min(1, shrunk / variance);
  const adjusted = (full / 2) * confidence;
  const all = counted.map((c) => c.rescaled);
  const sortedVols = [...analogVols].sort((a, b) => a - b);
  return {
    queryVol,
    analogMedianVol: naivePercentile(sortedVols, 50),
    mean,
    variance,
    interval,
    shrunk,
    full,
    adjusted,
    dollars: adjusted * account,
    p10: naivePercentile(all, 10),
    p90: naivePercentile(all, 90),
    lastClose: ds.closes[start + m - 1],
    nIndependent: n,
  };
}

function expectSizing(body: Body, e: ReturnType<typeof expectedSizing>) {
  expect(body.volatility.query_daily).toBeCloseTo(e.queryVol, 12);
  expect(body.volatility.analogs_median_daily).toBeCloseTo(e.analogMedianVol, 12);
  expect(body.expected_return).toBeCloseTo(e.mean, 12);
  expect(body.variance).toBeCloseTo(e.variance, 12);
  if (e.interval === null) expect(body.expected_return_low).toBeNull();
  else expect(body.expected_return_low).toBeCloseTo(e.interval.low, 6);
  expect(body.shrunk_return).toBeCloseTo(e.shrunk, 6);
  expect(body.full_fraction).toBeCloseTo(e.full, 5);
  expect(body.half_fraction).toBeCloseTo(e.full / 2, 5);
  expect(body.confidence_adjusted_fraction).toBeCloseTo(e.adjusted, 5);
  expect(body.dollar_size).toBeCloseTo(e.dollars, 1);
  expect(body.window.last_close).toBe(e.lastClose);
  expect(body.stop_reference.return).toBeCloseTo(e.p10, 12);
  expect(body.stop_reference.price).toBeCloseTo(e.lastClose * (1 + e.p10), 8);
  expect(body.target_reference.return).toBeCloseTo(e.p90, 12);
}

describe.skipIf(!SHARED_PRESENT)("/position_size on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  it("sizes the crash of 2020 on its own volatility, not on the calm periods its analogs came from", async () => {
    const { status, body } = await call("/position_size?ticker=SPY&start_date=2020-02-19&end_date=2020-03-24&k=30&horizon_days=7&confidence=1");
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2020-02-19", "2020-03-24", 30, 7, 1, 10_000);
    expectSizing(body, e);
    // The window moved about 5% a day; its shape-matched analogs about a fifth of that.
    expect(e.queryVol).toBeGreaterThan(0.04);
    expect(e.analogMedianVol).toBeLessThan(0.02);
    expect(body.volatility.why).toContain("rescaled");
    // On that risk the outcomes vary as the query does: a weekly spread of several percent, not the analogs' calm one.
    expect(Math.sqrt(body.variance)).toBeGreaterThan(0.05);
  });

  it("sizes a positive lower bound by Kelly on it, halved and scaled, continuous below the cap", async () => {
    const { status, body } = await call(
      "/position_size?ticker=SPY&start_date=2007-02-09&end_date=2007-03-13&k=30&confidence=0.8&account_size=25000&horizon_days=30",
    );
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2007-02-09", "2007-03-13", 30, 30, 0.8, 25_000);
    expect([body.mode, body.causal]).toEqual(["causal", true]);
    expect(body.distribution.n_independent).toBe(e.nIndependent);
    expectSizing(body, e);
    expect(body.leverage_cap).toBe(1);
  });

  it("sizes nothing without an interval, and says why (defaults: 30 days, 0.5, 10000, causal)", async () => {
    // Early in the history, walk-forward: only 4 independent earlier outcomes exist.
    const { status, body } = await call("/position_size?ticker=SPY&start_date=1994-03-01&end_date=1994-04-01&k=10");
    expect(status).toBe(200);
    expect(body).toMatchObject({ horizon_days: 30, confidence: 0.5, account_size: 10_000, mode: "causal", full_fraction: 0, half_fraction: 0, shrunk_return: 0 });
    expect(body.expected_return_low).toBeNull();
    expect(body.interval_withheld).toContain("4 independent outcomes: too few");
    expect(body.reason).toContain("No interval");
    expect([body.confidence_adjusted_fraction, body.dollar_size, body.risk_at_stop_usd]).toEqual([0, 0, 0]);
  });

  it("answers bad parameters with 422 naming them, and charges nothing", async () => {
    const base = "/position_size?ticker=SPY&start_date=2023-10-02&end_date=2023-11-01";
    await expectValidationFailures(harness, [
      [`${base}&account_size=0`, "account_size"],
      [`${base}&account_size=-5`, "account_size"],
      [`${base}&confidence=1.5`, "confidence"],
      [`${base}&confidence=-0.1`, "confidence"],
      [`${base}&horizon_days=0`, "horizon_days"],
      [`${base}&horizon_days=366`, "horizon_days"],
      [`${base}&horizon_days=7,30`, "horizon_days"],
      [`${base}&k=60`, "k"],
      ["/position_size?ticker=SPY&end_date=2023-11-01", "start_date"],
    ]);
  });
});
