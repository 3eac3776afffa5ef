import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;

/** The shared shape every forecast-like answer carries beside its figures (contracts/evidence-schemas.ts). */
function expectEvidence(e: Body, where: string) {
  expect(Object.keys(e.baseline).sort(), where).toEqual(
    ["first_date", "hit_rate", "horizon_days", "last_date", "mean", "mean_se", "n", "n_effective", "p50", "skewness", "std"],
  );
  expect(e.baseline.n, where).toBeGreaterThan(100);
  // Overlapping outcomes: far fewer independent periods than outcomes, and the standard error says so.
  expect(e.baseline.n_effective, where).toBeLessThan(e.baseline.n);
  expect(e.baseline.mean_se, where).toBeCloseTo(e.baseline.std / Math.sqrt(e.baseline.n_effective), 12);
  expect(Object.keys(e.mean_ci).sort(), where).toEqual(["design_effect", "high", "level", "low", "mean", "method", "n_independent", "withheld"]);
  // The selection's design effect is at least 1, or null with the interval withheld.
  if (e.mean_ci.design_effect === null) expect(e.mean_ci.low, where).toBeNull();
  else expect(e.mean_ci.design_effect, where).toBeGreaterThanOrEqual(1);
  expect(e.mean_ci.level, where).toBe(0.9);
  expect(Object.keys(e.excess_over_baseline).sort(), where).toEqual(["df", "high", "hypotheses", "low", "mean", "p_adjusted", "p_value", "t_stat"]);
  if (e.mean_ci.low === null) {
    // No interval without a reason, and no excess interval either.
    expect(e.mean_ci.withheld, where).toEqual(expect.any(String));
    expect([e.mean_ci.method, e.excess_over_baseline.low], where).toEqual([null, null]);
  } else {
    expect(e.mean_ci.withheld, where).toBeNull();
    expect(e.mean_ci.low, where).toBeLessThanOrEqual(e.mean_ci.mean);
    expect(e.mean_ci.mean, where).toBeLessThanOrEqual(e.mean_ci.high);
    // The baseline's own error widens the excess interval beyond the mean's shifted by the baseline.
    expect(e.excess_over_baseline.high - e.excess_over_baseline.low, where).toBeGreaterThan(e.mean_ci.high - e.mean_ci.low);
  }
  if (e.excess_over_baseline.p_value !== null) {
    expect(e.excess_over_baseline.p_adjusted, where).toBeGreaterThanOrEqual(e.excess_over_baseline.p_value);
    expect(e.excess_over_baseline.hypotheses, where).toBeGreaterThanOrEqual(1);
  }
}

describe.skipIf(!SHARED_PRESENT)("every forecast-like route answers with its baseline, interval and mode", () => {
  const { call } = paidRoutes();
  const cases: [string, string, (b: Body) => Body[]][] = [
    ["/get_patterns?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&k=5", "full_history", (b) => b.evidence],
    ["/forward_distribution?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&k=10", "causal", (b) => b.horizons],
    ["/api/backtest?ticker=SPY&k=10", "causal", (b) => b.horizons],
    ["/regime_detection?ticker=SPY&lookback_days=30", "causal", (b) => b.forward_summary],
    ["/pattern_backtest?ticker=SPY&lookback_days=20&forward_days=20&min_return=-0.05", "full_history", (b) => [b]],
    ["/playbook?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&peers=QQQ&k=5", "full_history", (b) => [...b.ticker_outcomes, ...b.peers[0].outcomes]],
    ["/macro_analog?lookback_days=20&k=5", "causal", (b) => b.evidence.flatMap((h: Body) => [h.volatility, h.yield_10y, h.equity, h.gold])],
    ["/position_size?ticker=SPY&start_date=2024-06-03&end_date=2024-07-01&k=10", "causal", (b) => [b.distribution]],
  ];
  for (const [url, mode, pick] of cases) {
    it(`${url.split("?")[0]} (${mode})`, async () => {
      const { status, body } = await call(url);
      expect(status, url).toBe(200);
      expect(body.mode, url).toBe(mode);
      const entries = pick(body);
      expect(entries.length, url).toBeGreaterThan(0);
      entries.forEach((e, i) => expectEvidence(e, `${url}[${i}]`));
    });
  }
});
