import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tradingSignalContract } from "../../src/contracts/trading/trading-signal.js";
import { EXAMPLE_NOW_MS } from "../../scripts/examples/example-deployments.js";
import { FakeClock } from "../support/fake-clock.js";
import { expectValidationFailures, paidRoutes, startPaidService } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { offlineTrading } from "../support/offline-trading.js";

type Body = Record<string, any>;
const withoutIdentity = ({ signal_id: _id, fired_at: _at, ...rest }: Body) => rest;

describe.skipIf(!SHARED_PRESENT)("/trading/signal on the daily dataset", () => {
  const harness = paidRoutes({ clock: new FakeClock(EXAMPLE_NOW_MS) });
  const { call } = harness;

  it("answers the documented example (apart from its new id) and its numbers follow the documented rules", async () => {
    const { status, body } = await call("/trading/signal?ticker=AAPL&horizon_days=30");
    expect(status).toBe(200);
    expect(body.signal_id).toMatch(/^sig_[0-9a-f]{24}$/);
    expect(body.signal_id).not.toBe(tradingSignalContract.example.response.signal_id);
    expect(withoutIdentity(body)).toEqual(withoutIdentity(tradingSignalContract.example.response));
    const { analog, regime, sizing } = body.components;
    expect(analog.analog_score).toBeCloseTo(Math.max(-1, Math.min(1, analog.mean / analog.std)), 12);
    expect(regime.regime_score).toBeCloseTo(Math.max(-1, Math.min(1, regime.trend_z / 2)), 12);
    expect(analog.contribution).toBeCloseTo(0.7 * analog.analog_score * sizing.shrink, 12);
    expect(regime.contribution).toBeCloseTo(0.3 * regime.regime_score * sizing.shrink, 12);
    expect(body.score).toBeCloseTo(analog.contribution + regime.contribution, 12);
    expect(body.direction).toBe(body.score >= 0.1 && analog.mean > 0 ? "long" : body.score <= -0.1 && analog.mean < 0 ? "short" : "flat");
    // A flat signal has no stop or target; a long one stops at the analogs' P10 price and targets their P90.
    if (body.direction === "flat") {
      expect([body.stop, body.target, body.conviction]).toEqual([null, null, 0]);
    } else {
      expect(body.stop).toBeCloseTo(body.entry.price * (1 + body.expected_return.p10), 8);
      expect(body.target).toBeCloseTo(body.entry.price * (1 + body.expected_return.p90), 8);
    }
    expect(body.entry).toEqual({ price: 242.839996, date: "2024-12-06" });
  });

  it("answers 404 for an unknown ticker and 422 for bad parameters, charging nothing", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await call("/trading/signal?ticker=NOSUCHTICKER");
    expect([status, body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(await harness.payer().balance()).toBe(before);
    await expectValidationFailures(harness, [
      ["/trading/signal", "ticker"],
      ["/trading/signal?ticker=AAPL&horizon_days=0", "horizon_days"],
      ["/trading/signal?ticker=AAPL&horizon_days=366", "horizon_days"],
      ["/trading/signal?ticker=AAPL&horizon_days=2.5", "horizon_days"],
    ]);
  });
});

const tempDirs: string[] = [];
afterAll(() => tempDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** The shared file cut after `lastDate`, alone in a temporary market-data directory. */
function truncatedCopy(file: string, lastDate: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-signal-"));
  tempDirs.push(dir);
  const [header, ...rows] = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n");
  const kept = rows.filter((row) => row.slice(0, 10) <= lastDate);
  expect(kept.length).toBeLessThan(rows.length);
  fs.writeFileSync(path.join(dir, file), [header, ...kept].join("\n") + "\n");
  return dir;
}

describe.skipIf(!SHARED_PRESENT)("/trading/signal on a history too short for its windows", () => {
  it("answers 422 RANGE_UNAVAILABLE naming the ticker, charges nothing and logs nothing", async () => {
    // 100 bars: fewer than twice the 60-bar regime lookback.
    const started = await startPaidService({ env: { MARKET_DATA_DIR: truncatedCopy("SPY.csv", "1993-06-21") } });
    try {
      const before = await started.payer.balance();
      const { status, body } = await started.call("/trading/signal?ticker=SPY");
      expect([status, body.error.code, body.error.details[0].param]).toEqual([422, "RANGE_UNAVAILABLE", "ticker"]);
      expect(await started.payer.balance()).toBe(before);
      expect((await started.call("/trading/signals/history")).body.error.code).toBe("NO_DATA");
    } finally {
      await started.service.close();
    }
  });
});

describe.skipIf(!SHARED_PRESENT)("/trading/signal reads nothing after its as-of date", () => {

  it("a signal as of a past date is identical when the history after that date is cut off", async () => {
    for (const [ticker, asOf] of [
      ["SPY", "2020-03-20"],
      ["BTC-USD", "2022-06-15"],
    ]) {
      // The series cache reads daily bars up to now + 1 day (today's bar, still forming on a live source): at
      // the as-of date's first instant the last bar it can see is the as-of bar.
      const nowMs = Date.parse(`${asOf}T00:00:00.000Z`);
      // The full file, standing at the as-of date: later bars exist in it.
      const full = await offlineTrading(DAILY_DATASET_DIR, new FakeClock(nowMs));
      // The same file cut right after the as-of date, read much later.
      const cut = await offlineTrading(truncatedCopy(`${ticker}.csv`, asOf), new FakeClock(nowMs + 400 * 86_400_000));
      try {
        const a = await full.handle("/trading/signal", { ticker, horizon_days: 20 });
        const b = await cut.handle("/trading/signal", { ticker, horizon_days: 20 });
        expect(a.as_of_date).toBe(asOf);
        expect(a.expected_return.n).toBeGreaterThan(10);
        expect(withoutIdentity(b)).toEqual(withoutIdentity(a));
      } finally {
        await full.close();
        await cut.close();
      }
    }
  });
});
