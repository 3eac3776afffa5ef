import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { naiveEvidence } from "../reference/naive-evidence.js";
import { expectEvidenceMatches, expectStatsClose, naiveStats, readDataset, type Dataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

const noBreak = (ds: Dataset, a: number, b: number) => {
  for (let i = a + 1; i <= b; i++) if (ds.breakBefore[i] === 1) return false;
  return true;
};

/** The event study as documented, one bar at a time. */
function naiveBacktest(ds: Dataset, L: number, F: number, minReturn: number) {
  const n = ds.closes.length;
  const events: { t: number; lb: number; fwd: number }[] = [];
  const pending: number[] = [];
  const baseline: number[] = [];
  const baselineSpans: [number, number][] = [];
  let dropped = 0;
  for (let t = L; t < n; t++) {
    if (!noBreak(ds, t - L, t)) continue;
    const lb = ds.closes[t] / ds.closes[t - L] - 1;
    const fires = minReturn >= 0 ? lb >= minReturn : lb <= minReturn;
    if (t + F >= n) {
      if (fires && noBreak(ds, t, n - 1)) pending.push(t);
      else if (fires) dropped += 1;
      continue;
    }
    if (!noBreak(ds, t, t + F)) {
      if (fires) dropped += 1;
      continue;
    }
    const fwd = ds.closes[t + F] / ds.closes[t] - 1;
    baseline.push(fwd);
    baselineSpans.push([t, t + F]);
    if (fires) events.push({ t, lb, fwd });
  }
  const independent: typeof events = [];
  for (const e of events) {
    const last = independent[independent.length - 1];
    if (last === undefined || e.t - L >= last.t + F) independent.push(e);
  }
  return { events, independent, pending, dropped, baseline, baselineSpans };
}

describe.skipIf(!SHARED_PRESENT)("/pattern_backtest on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  for (const [ticker, file, L, F, minReturn] of [
    ["SPY", "SPY.csv", 20, 20, -0.1],
    ["AAPL", "AAPL.csv", 5, 10, 0.15],
    ["BTC", "BTC-USD.csv", 30, 60, 0.5],
    ["EURUSD=X", "EURUSD.csv", 10, 5, 0.02],
  ] as const) {
    it(`${ticker}: lookback ${L}, forward ${F}, min_return ${minReturn} agree with a bar-by-bar loop`, async () => {
      const ds = readDataset(file);
      const { status, body } = await call(
        `/pattern_backtest?ticker=${encodeURIComponent(ticker)}&lookback_days=${L}&forward_days=${F}&min_return=${minReturn}`,
      );
      expect(status).toBe(200);
      const expected = naiveBacktest(ds, L, F, minReturn);
      expect(body.n_events).toBe(expected.events.length);
      expect(body.n_independent_events).toBe(expected.independent.length);
      expect(body.n_pending_events).toBe(expected.pending.length);
      expect(body.n_dropped_for_gap).toBe(expected.dropped);
      expect(body.direction).toBe(minReturn >= 0 ? "at_least" : "at_most");
      // The independent events are the headline; every overlapping trigger is the secondary figure.
      expectStatsClose(body.distribution, naiveStats(expected.independent.map((e) => e.fwd)), (v) => expect(v));
      expectStatsClose(body.overlapping_distribution, naiveStats(expected.events.map((e) => e.fwd)), (v) => expect(v));
      const { p25: _p25, p75: _p75, p10: _p10, p90: _p90, min: _min, max: _max, ...baseFields } = naiveStats(expected.baseline);
      expectStatsClose(body.baseline, baseFields, (v) => expect(v));
      expect(body.baseline.horizon_days).toBe(F);
      expect(body.mode).toBe("full_history");
      if (expected.independent.length >= 2) {
        const e = naiveEvidence(expected.independent.map((x) => x.fwd), { values: expected.baseline, spans: expected.baselineSpans });
        expectEvidenceMatches(body, e, (v) => expect(v));
        // One horizon: one hypothesis, nothing to adjust.
        expect([body.excess_over_baseline.hypotheses, body.excess_over_baseline.p_adjusted]).toEqual([1, body.excess_over_baseline.p_value]);
      }
      const recent = expected.independent.slice(-20);
      expect(body.recent_events.map((e: Body) => [e.date, e.outcome_date])).toEqual(recent.map((e) => [ds.dates[e.t], ds.dates[e.t + F]]));
      body.recent_events.forEach((e: Body, i: number) => {
        expect(e.lookback_return).toBeCloseTo(recent[i].lb, 12);
        expect(e.forward_return).toBeCloseTo(recent[i].fwd, 12);
      });
      expect(body.pending_events.map((e: Body) => e.date)).toEqual(expected.pending.map((t) => ds.dates[t]));
      for (const e of body.pending_events) expect([e.forward_return, e.outcome_date]).toEqual([null, null]);
    });
  }

  it("uses the documented defaults (20, 20, +10%)", async () => {
    const { status, body } = await call("/pattern_backtest?ticker=QQQ");
    expect(status).toBe(200);
    expect(body).toMatchObject({ lookback_days: 20, forward_days: 20, min_return: 0.1, direction: "at_least" });
    expect(body.n_events).toBe(naiveBacktest(readDataset("QQQ.csv"), 20, 20, 0.1).events.length);
  });

  it("answers bad parameters with 422 naming them, and charges nothing", async () => {
    const cases: [string, string][] = [
      ["lookback_days=1", "lookback_days"],
      ["lookback_days=251", "lookback_days"],
      ["forward_days=0", "forward_days"],
      ["forward_days=251", "forward_days"],
      ["min_return=-0.95", "min_return"],
      ["min_return=5.5", "min_return"],
      ["min_return=ten", "min_return"],
    ];
    await expectValidationFailures(harness, [
      ...cases.map(([query, param]): [string, string] => [`/pattern_backtest?ticker=SPY&${query}`, param]),
      ["/pattern_backtest?lookback_days=20", "ticker"],
    ]);
  });
});
