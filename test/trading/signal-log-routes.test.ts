import { describe, expect, it } from "vitest";
import type { FiredSignal } from "../../src/domain/trading-signal.js";
import { SIGNAL_SCORING_JOB } from "../../src/jobs/signal-scoring.js";
import { SignalLog } from "../../src/storage/repos/signal-log.js";
import { naiveOutcome, readDataset } from "../forecasts/forecast-oracle.js";
import { FakeClock } from "../support/fake-clock.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;
const NOW_MS = Date.parse("2026-11-23T12:00:00.000Z");

function pastSignal(id: string, ticker: string, asOf: string, entry: number, direction: FiredSignal["direction"], stop: number | null, target: number | null): FiredSignal {
  const asOfMs = Date.parse(`${asOf}T00:00:00.000Z`);
  return { id, firedAtMs: asOfMs + 3_600_000, ticker, asOfDate: asOf, asOfMs, direction, conviction: 0.4, entryPrice: entry, stopPrice: stop, targetPrice: target, horizonDays: 10, expectedReturn: 0.01, ruleVersion: 1 };
}

describe.skipIf(!SHARED_PRESENT)("/trading/signals/history and /trading/performance", () => {
  const clock = new FakeClock(NOW_MS);
  const harness = paidRoutes({ clock });
  const { call } = harness;

  it("shows a fired signal in the history at once, exactly as it was answered", async () => {
    const fired = await call("/trading/signal?ticker=SPY&horizon_days=10");
    expect(fired.status).toBe(200);
    const { status, body } = await call("/trading/signals/history?ticker=SPY");
    expect(status).toBe(200);
    expect(body.signals[0]).toEqual({
      id: fired.body.signal_id,
      fired_at: fired.body.fired_at,
      ticker: "SPY",
      as_of_date: fired.body.as_of_date,
      direction: fired.body.direction,
      conviction: fired.body.conviction,
      entry: fired.body.entry.price,
      stop: fired.body.stop,
      target: fired.body.target,
      horizon_days: 10,
      expected_return: fired.body.expected_return.mean,
      rule_version: 2,
      due_date: "2025-09-25",
      status: "pending",
      pending_reason: null,
      outcome: null,
    });
    // Bought twice more (a minute apart, the bars unchanged): the same logged signal, one row, one trade.
    for (let i = 0; i < 2; i++) {
      clock.advance(60_000);
      const again = await call("/trading/signal?ticker=SPY&horizon_days=10");
      expect([again.body.signal_id, again.body.fired_at]).toEqual([fired.body.signal_id, fired.body.fired_at]);
    }
    expect((await call("/trading/signals/history?ticker=SPY")).body.count).toBe(1);
  });

  it("pages newest first with a cursor and filters by ticker and since", async () => {
    clock.advance(60_000);
    await call("/trading/signal?ticker=AAPL&horizon_days=5");
    clock.advance(60_000);
    await call("/trading/signal?ticker=QQQ");
    const first = await call("/trading/signals/history?limit=2");
    expect(first.body.signals.map((s: Body) => s.ticker)).toEqual(["QQQ", "AAPL"]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(`/trading/signals/history?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.signals.map((s: Body) => s.ticker)).toEqual(["SPY"]);
    expect(second.body.next_cursor).toBeNull();
    expect((await call("/trading/signals/history?ticker=AAPL")).body.count).toBe(1);
    const before = await harness.payer().balance();
    const none = await call("/trading/signals/history?since=2026-11-24");
    expect([none.status, none.body.error.code]).toEqual([404, "NO_DATA"]);
    expect(none.body.error.message).toBe("No signal has been fired since 2026-11-24: the log holds the signals /trading/signal, /trading/scan and /api/signals/live fired, from the moment each was fired. Nothing was charged.");
    expect(await harness.payer().balance()).toBe(before);
  });

  it("computes the track record from scored signals only, overall and per ticker", async () => {
    const log = new SignalLog(harness.service().database.db);
    // Outcomes from SPY.csv (see signal-scoring.test.ts): stop at 205, target at 225, short stopped at 220.
    await log.append(pastSignal("p-stop", "SPY", "2020-03-20", 212.106445, "long", 205, 240));
    await log.append(pastSignal("p-target", "SPY", "2020-03-23", 206.683273, "long", 195, 225));
    // Another rules version: a separate signal of the same as-of date (one version logs one per date and horizon).
    await log.append({ ...pastSignal("p-short", "SPY", "2020-03-23", 206.683273, "short", 220, 190), ruleVersion: 2 });
    await log.append(pastSignal("p-flat", "SPY", "2020-04-13", 255.547546, "flat", null, null));
    await harness.service().jobs.runNow(SIGNAL_SCORING_JOB);
    const returns = [205 / 212.106445 - 1, 225 / 206.683273 - 1, -(220 / 206.683273 - 1)];
    const mean = returns.reduce((a, b) => a + b, 0) / 3;
    const std = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / 2);

    const { status, body } = await call("/trading/performance?ticker=SPY");
    expect(status).toBe(200);
    // The SPY signal fired through the route is due (as of 2025-09-15) but SPY.csv has no later bars: pending.
    expect(body.overall).toMatchObject({ n_scored: 4, n_pending: 1, n_flat_scored: 1, n_directional: 3 });
    expect(body.overall.win_rate).toBeCloseTo(1 / 3, 12);
    expect(body.overall.average_return).toBeCloseTo(mean, 12);
    expect(body.overall.median_return).toBeCloseTo(205 / 212.106445 - 1, 12);
    expect(body.overall.std).toBeCloseTo(std, 12);
    expect(body.overall.risk_adjusted_ratio).toBeCloseTo(mean / std, 12);
    expect(body.per_ticker).toEqual([{ ticker: "SPY", ...body.overall }]);
    expect(body.mode).toBe("live");
    // Beside the strategy: buy-and-hold over each trade's 10 days, from the CSV (the horizon close over the entry).
    const spy = readDataset("SPY.csv");
    const hold = (asOf: string) => naiveOutcome(spy, spy.dates.indexOf(asOf), 10).ret!;
    const holds = [hold("2020-03-20"), hold("2020-03-23"), hold("2020-03-23")];
    const holdMean = holds.reduce((a, b) => a + b, 0) / 3;
    expect(body.baselines.buy_and_hold).toMatchObject({ n: 3, level: 0.9, low: null, withheld: expect.stringContaining("too few") });
    expect(body.baselines.buy_and_hold.mean).toBeCloseTo(holdMean, 12);
    expect(body.baselines.excess_over_hold.mean).toBeCloseTo(mean - holdMean, 12);
    // Random entries: each trade redrawn in the stretch its ticker's signals span (2020-03-20 to 03-23), 500 draws.
    expect(body.baselines.random_entry).toMatchObject({ draws: 500, trades: 3 });
    expect(body.baselines.random_entry.low).toBeLessThanOrEqual(body.baselines.random_entry.high);
    expect(body.baselines.verdict).toMatch(/^3 scored long or short trades: too few/);
    const version1Again = await log.append({ ...pastSignal("p-again", "SPY", "2020-03-20", 212.106445, "long", 205, 240), firedAtMs: Date.parse("2020-03-20T18:00:00Z") });
    expect(version1Again.id).toBe("p-again");
    await harness.service().jobs.runNow(SIGNAL_SCORING_JOB);
    // A version-1 row logged again (as repeated calls did) counts once.
    expect((await call("/trading/performance?ticker=SPY")).body.overall.n_directional).toBe(3);

    const pending = (await call("/trading/signals/history?ticker=SPY&limit=1")).body.signals[0];
    expect(pending.pending_reason).toMatch(/do not reach 10 days after 2025-09-15/);
    const all = await call("/trading/performance");
    expect(all.body.per_ticker.map((t: Body) => t.ticker)).toEqual(["AAPL", "QQQ", "SPY"]);
    expect(all.body.overall.n_pending).toBe(3);
  });

  it("answers 422 for a bad cursor, date or limit, charging nothing", async () => {
    await expectValidationFailures(harness, [
      ["/trading/signals/history?cursor=bm90LWEtY3Vyc29y", "cursor"],
      ["/trading/signals/history?limit=0", "limit"],
      ["/trading/signals/history?limit=201", "limit"],
      ["/trading/signals/history?since=2026-02-30", "since"],
      ["/trading/performance?since=yesterday", "since"],
    ]);
  });
});
