import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { naiveEvidence, naiveHolm, type NaiveEvidence } from "../reference/naive-evidence.js";
import { naiveDesignEffect } from "../reference/naive-selection-effect.js";
import { expectEvidenceMatches, expectStatsClose, naiveBaseline, naiveForecast, naiveStats, readDataset, type Dataset } from "./forecast-oracle.js";

type Body = Record<string, any>;

/** The response's analogs and horizons against the oracle's, figure by figure. */
function expectForecast(body: Body, ds: Dataset, queryStart: number, m: number, k: number, days: number[], causal: boolean) {
  const expected = naiveForecast(ds, queryStart, m, k, days, causal);
  expect(body.analogs.map((a: Body) => a.start_date)).toEqual(expected.starts.map((s) => ds.dates[s]));
  expect(body.analogs_found).toBe(expected.starts.length);
  expect(body.window).toMatchObject({ first_date: ds.dates[queryStart], last_date: ds.dates[queryStart + m - 1], bars: m });
  expect(body.window.return).toBeCloseTo(ds.closes[queryStart + m - 1] / ds.closes[queryStart] - 1, 12);
  expected.horizons.forEach((h, i) => {
    const wire = body.horizons[i];
    expect(wire.horizon_days).toBe(h.days);
    expectStatsClose(wire, naiveStats(h.counted), (v) => expect(v));
    expect(wire.n_independent).toBe(h.nIndependent);
    body.analogs.forEach((analog: Body, a: number) => {
      expect(analog.forward[i].status).toBe(h.outcomes[a].status);
      if (h.outcomes[a].ret === null) expect(analog.forward[i].return).toBeNull();
      else expect(analog.forward[i].return).toBeCloseTo(h.outcomes[a].ret!, 12);
    });
  });
  return expected;
}

describe.skipIf(!SHARED_PRESENT)("/forward_distribution and /api/backtest on the daily dataset", () => {
  const harness = paidRoutes();
  const { call } = harness;

  it("gives the percentiles, mean, hit rate and n of a naive computation over the CSV (defaults: 7 and 30 days)", async () => {
    const spy = readDataset("SPY.csv");
    const { status, body } = await call("/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10&causal=false");
    expect(status).toBe(200);
    const start = spy.dates.indexOf("2020-02-20");
    const m = spy.dates.indexOf("2020-03-20") - start;
    expectForecast(body, spy, start, m, 10, [7, 30], false);
    expect(body).toMatchObject({ ticker: "SPY", k: 10, causal: false, mode: "full_history", metric: "l2", start_date: "2020-02-20", end_date: "2020-03-20" });
    // The spec's names, for the first horizon listed.
    expect(body.primary_horizon_days).toBe(7);
    const primary = naiveStats(naiveForecast(spy, start, m, 10, [7], false).horizons[0].counted);
    for (const p of [10, 25, 50, 75, 90] as const) expect(body[`P${p}`]).toBeCloseTo(primary[`p${p}`]!, 12);
  });

  it("is walk-forward by default and says so; reports baseline, interval and excess as documented", async () => {
    const spy = readDataset("SPY.csv");
    const { status, body } = await call("/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10");
    expect(status).toBe(200);
    expect([body.causal, body.mode]).toEqual([true, "causal"]);
    const start = spy.dates.indexOf("2020-02-20");
    const m = spy.dates.indexOf("2020-03-20") - start;
    const expected = expectForecast(body, spy, start, m, 10, [7, 30], true);
    const evidences: NaiveEvidence[] = [];
    // The best-match selection's design effect, from 40 reference windows before the query (naive-selection-effect.ts).
    const designEffects = naiveDesignEffect(spy, m, 10, [7, 30], true, start);
    expect(designEffects.every((d) => d !== null && d >= 1)).toBe(true);
    expected.horizons.forEach((h, i) => {
      const wire = body.horizons[i];
      // Causal: the baseline uses only outcomes that closed by the query's first bar.
      const base = naiveBaseline(spy, h.days, start);
      expect(wire.baseline).toMatchObject({ horizon_days: h.days, n: base.values.length, first_date: base.first, last_date: base.last });
      expect(wire.baseline.mean).toBeCloseTo(base.mean, 12);
      expect(wire.baseline.last_date < "2020-02-20").toBe(true);
      const e = naiveEvidence(h.independent, base, designEffects[i]!);
      expect(wire.mean_ci).toMatchObject({ n_independent: h.independent.length, level: 0.9 });
      expectEvidenceMatches(wire, e, (v) => expect(v));
      evidences.push(e);
    });
    // Two horizons, two hypotheses: the p-values are adjusted together (Holm).
    const adjusted = naiveHolm(evidences.map((e) => e.p));
    body.horizons.forEach((wire: Record<string, any>, i: number) => {
      expect(wire.excess_over_baseline.hypotheses).toBe(2);
      expect(wire.excess_over_baseline.p_adjusted).toBeCloseTo(adjusted[i], 6);
    });
    // Over the whole history the baseline covers the bars after the query too.
    const full = await call("/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10&causal=false&horizon_days=30");
    expect(full.body.horizons[0].baseline.mean).toBeCloseTo(naiveBaseline(spy, 30).mean, 12);
  });

  it("leaves out horizons beyond history, without a fresh close, or running into the query window, and says why", async () => {
    const aapl = readDataset("AAPL.csv");
    const { status, body } = await call("/forward_distribution?ticker=AAPL&start_date=2023-03-01&end_date=2023-04-01&k=50&horizon_days=1,3,365&causal=false");
    expect(status).toBe(200);
    const start = aapl.dates.indexOf("2023-03-01");
    const m = aapl.dates.indexOf("2023-04-03") - start;
    const expected = expectForecast(body, aapl, start, m, 50, [1, 3, 365], false);
    const statuses = new Set(expected.horizons.flatMap((h) => h.outcomes.map((o) => o.status)));
    expect([...statuses].sort()).toEqual(["beyond_history", "counted", "no_close_at_horizon", "overlaps_query"]);
    expect(body.horizons.map((h: Body) => h.n)).toEqual(expected.horizons.map((h) => h.counted.length));
  });

  it("with causal=true searches only windows that end before the query starts", async () => {
    const msft = readDataset("MSFT.csv");
    const { status, body } = await call("/forward_distribution?ticker=MSFT&start_date=2008-09-02&end_date=2008-10-01&k=12&causal=true&horizon_days=30");
    expect(status).toBe(200);
    const start = msft.dates.indexOf("2008-09-02");
    const m = msft.dates.indexOf("2008-10-01") - start;
    expectForecast(body, msft, start, m, 12, [30], true);
    expect(body.causal).toBe(true);
    for (const analog of body.analogs) expect(msft.dates.indexOf(analog.end_date)).toBeLessThan(start);
  });

  it("/api/backtest: the last `lookback` bars, searched causally, with the same distribution fields", async () => {
    const aapl = readDataset("AAPL.csv");
    const { status, body } = await call("/api/backtest?ticker=AAPL&k=10");
    expect(status).toBe(200);
    const n = aapl.closes.length;
    expectForecast(body, aapl, n - 20, 20, 10, [7, 30], true);
    expect(body.window.last_date).toBe(aapl.dates[n - 1]);
    expect(body.causal).toBe(true);
  });

  it("/api/backtest honours lookback, horizon_days, k and JSON bodies", async () => {
    const btc = readDataset("BTC-USD.csv");
    const { status, body } = await call("/api/backtest", {
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ticker: "BTC", lookback: 45, horizon_days: 14, k: 15 }),
    });
    expect(status).toBe(200);
    expectForecast(body, btc, btc.closes.length - 45, 45, 15, [14], true);
  });

  it("answers bad parameters with 422 naming them, and charges nothing", async () => {
    const base = "/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20";
    await expectValidationFailures(harness, [
      [`${base}&horizon_days=0`, "horizon_days"],
      [`${base}&horizon_days=7,366`, "horizon_days"],
      [`${base}&horizon_days=1,2,3,4,5,6`, "horizon_days"],
      [`${base}&horizon_days=seven`, "horizon_days"],
      [`${base}&k=9`, "k"],
      [`${base}&k=51`, "k"],
      [`${base}&metric=l3`, "metric"],
      [`${base}&causal=maybe`, "causal"],
      ["/forward_distribution?ticker=SPY&start_date=2020-03-20&end_date=2020-02-20", "start_date"],
      ["/forward_distribution?ticker=SPY&start_date=2020-02-20", "end_date"],
      ["/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-02-22", "start_date"],
      ["/api/backtest?ticker=AAPL&lookback=4", "lookback"],
      ["/api/backtest?ticker=AAPL&lookback=251", "lookback"],
      ["/api/backtest?ticker=AAPL&horizon_days=7,7,400", "horizon_days"],
      ["/api/backtest?lookback=20", "ticker"],
    ]);
    const before = await harness.payer().balance();
    const unknown = await call("/api/backtest?ticker=NOSUCH");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(await harness.payer().balance()).toBe(before);
  });
});
