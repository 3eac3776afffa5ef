import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { naiveBaseline, naiveEvidence, naiveForecast, naiveStats, readDataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

describe.skipIf(!SHARED_PRESENT)("/position_size on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  /** Edge over the baseline, its lower bound, Kelly, cap, half and confidence written out from the documentation. */
  function expectedSizing(file: string, startDate: string, endDate: string, k: number, days: number, confidence: number, account: number) {
    const ds = readDataset(file);
    const start = ds.dates.indexOf(startDate);
    const m = ds.dates.indexOf(endDate) - start;
    // Causal by default: analogs before the window, baseline outcomes closed by its first bar.
    const forecast = naiveForecast(ds, start, m, k, [days], true);
    const { counted, independent } = forecast.horizons[0];
    const stats = naiveStats(counted);
    const base = naiveBaseline(ds, days, start);
    const e = naiveEvidence(independent, base.mean, mulberry32);
    const kelly = e.excess / e.std ** 2;
    const shrunkEdge = Math.abs(e.t) < 1 ? 0 : Math.max(0, e.excessLow);
    const full = Math.min(1, Math.max(0, shrunkEdge / e.std ** 2));
    const adjusted = (full / 2) * confidence;
    const lastClose = ds.closes[start + m - 1];
    return { stats, e, kelly, shrunkEdge, full, adjusted, dollars: adjusted * account, lastClose, nIndependent: independent.length };
  }

  it("sizes an edge whose lower confidence bound is above the baseline: Kelly on that bound, capped at 1, halved, scaled", async () => {
    const { status, body } = await call(
      "/position_size?ticker=SPY&start_date=2007-02-09&end_date=2007-03-13&k=30&confidence=0.8&account_size=25000&horizon_days=30",
    );
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2007-02-09", "2007-03-13", 30, 30, 0.8, 25_000);
    expect(e.e.t).toBeGreaterThan(1);
    expect(e.shrunkEdge).toBeGreaterThan(0);
    expect([body.mode, body.causal]).toEqual(["causal", true]);
    expect(body.distribution.n).toBe(e.stats.n);
    expect(body.distribution.n_independent).toBe(e.nIndependent);
    expect(body.edge).toBeCloseTo(e.e.excess, 12);
    expect(body.t_stat).toBeCloseTo(e.e.t, 9);
    expect(body.shrunk_edge).toBeCloseTo(e.shrunkEdge, 12);
    expect(body.kelly_raw).toBeCloseTo(e.kelly, 9);
    expect(body.leverage_cap).toBe(1);
    expect(body.full_fraction).toBeCloseTo(e.full, 12);
    expect(body.half_fraction).toBeCloseTo(e.full / 2, 12);
    expect(body.confidence_adjusted_fraction).toBeCloseTo(e.adjusted, 12);
    expect(body.dollar_size).toBeCloseTo(e.dollars, 8);
    expect(body.window.last_close).toBe(e.lastClose);
    expect(body.stop_reference.return).toBeCloseTo(e.stats.p10!, 12);
    expect(body.stop_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p10!), 8);
    expect(body.target_reference.return).toBeCloseTo(e.stats.p90!, 12);
    expect(body.target_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p90!), 8);
    expect(body.risk_at_stop_usd).toBeCloseTo(e.dollars * Math.max(0, -e.stats.p10!), 8);
    expect(body.reason).toMatch(/t = \d/);
  });

  it("sizes nothing when t < 1, however large the raw Kelly (the documented fraction below t = 1 is 0)", async () => {
    // A positive analog mean that the old mean/variance Kelly sized at its clamp: t is about 0.5 against the baseline.
    const { status, body } = await call("/position_size?ticker=SPY&start_date=2023-10-02&end_date=2023-11-01&k=10&confidence=1");
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2023-10-02", "2023-11-01", 10, 30, 1, 10_000);
    expect(e.e.t).toBeLessThan(1);
    expect(e.stats.mean! / e.stats.std! ** 2).toBeGreaterThan(1);
    expect(body.t_stat).toBeCloseTo(e.e.t, 9);
    expect(body.kelly_raw).toBeGreaterThan(1);
    expect([body.shrunk_edge, body.full_fraction, body.half_fraction, body.confidence_adjusted_fraction, body.dollar_size]).toEqual([0, 0, 0, 0, 0]);
    expect(body.reason).toContain(`t = ${e.e.t.toFixed(2)}`);
    expect(body.stop_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p10!), 8);
  });

  it("sizes nothing when the analogs did worse than the baseline (defaults: 30 days, 0.5, 10000, causal)", async () => {
    const { status, body } = await call("/position_size?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10");
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2020-02-20", "2020-03-20", 10, 30, 0.5, 10_000);
    expect(body).toMatchObject({ horizon_days: 30, confidence: 0.5, account_size: 10_000, mode: "causal", full_fraction: 0, half_fraction: 0 });
    expect(body.edge).toBeCloseTo(e.e.excess, 12);
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
