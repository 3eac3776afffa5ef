import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { naiveForecast, naiveStats, readDataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

describe.skipIf(!SHARED_PRESENT)("/position_size on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  /** Kelly, clamp, half, confidence and shrink written out from the documentation. */
  function expectedSizing(file: string, startDate: string, endDate: string, k: number, days: number, confidence: number, account: number) {
    const ds = readDataset(file);
    const start = ds.dates.indexOf(startDate);
    const m = ds.dates.indexOf(endDate) - start;
    const forecast = naiveForecast(ds, start, m, k, [days], false);
    const { counted, nIndependent } = forecast.horizons[0];
    const stats = naiveStats(counted);
    const kelly = stats.mean! / stats.std! ** 2;
    const full = Math.min(1, Math.max(0, kelly));
    const shrink = nIndependent / (nIndependent + 10);
    const adjusted = (full / 2) * confidence * shrink;
    const lastClose = ds.closes[start + m - 1];
    return { stats, kelly, full, shrink, adjusted, dollars: adjusted * account, lastClose, nIndependent };
  }

  it("sizes a positive edge: Kelly clamped to 1, halved, scaled by confidence and the sample shrink", async () => {
    const { status, body } = await call(
      "/position_size?ticker=SPY&start_date=2023-10-02&end_date=2023-11-01&k=12&confidence=0.8&account_size=25000&horizon_days=30",
    );
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2023-10-02", "2023-11-01", 12, 30, 0.8, 25_000);
    expect(e.kelly).toBeGreaterThan(0);
    expect(body.distribution.n).toBe(e.stats.n);
    expect(body.distribution.n_independent).toBe(e.nIndependent);
    expect(body.kelly_raw).toBeCloseTo(e.kelly, 9);
    expect(body.full_fraction).toBeCloseTo(e.full, 12);
    expect(body.half_fraction).toBeCloseTo(e.full / 2, 12);
    expect(body.shrink).toBeCloseTo(e.shrink, 12);
    expect(body.confidence_adjusted_fraction).toBeCloseTo(e.adjusted, 12);
    expect(body.dollar_size).toBeCloseTo(e.dollars, 8);
    expect(body.window.last_close).toBe(e.lastClose);
    expect(body.stop_reference.return).toBeCloseTo(e.stats.p10!, 12);
    expect(body.stop_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p10!), 8);
    expect(body.target_reference.return).toBeCloseTo(e.stats.p90!, 12);
    expect(body.target_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p90!), 8);
    expect(body.risk_at_stop_usd).toBeCloseTo(e.dollars * Math.max(0, -e.stats.p10!), 8);
  });

  it("sizes nothing when the mean outcome is negative, and still gives the references (defaults: 30 days, 0.5, 10000)", async () => {
    const { status, body } = await call("/position_size?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10");
    expect(status).toBe(200);
    const e = expectedSizing("SPY.csv", "2020-02-20", "2020-03-20", 10, 30, 0.5, 10_000);
    expect(e.kelly).toBeLessThan(0);
    expect(body).toMatchObject({ horizon_days: 30, confidence: 0.5, account_size: 10_000, full_fraction: 0, half_fraction: 0 });
    expect(body.kelly_raw).toBeCloseTo(e.kelly, 9);
    expect([body.confidence_adjusted_fraction, body.dollar_size, body.risk_at_stop_usd]).toEqual([0, 0, 0]);
    expect(body.stop_reference.price).toBeCloseTo(e.lastClose * (1 + e.stats.p10!), 8);
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
