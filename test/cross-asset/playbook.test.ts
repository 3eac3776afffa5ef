import { describe, expect, it } from "vitest";
import { anchoredMove } from "../../src/analytics/anchored-outcomes.js";
import { naiveBaseline, readDataset } from "../forecasts/forecast-oracle.js";
import { lowerBound, toPriceSeries, type PriceSeries } from "../../src/analytics/price-series.js";
import { naiveSearch } from "../reference/naive-search.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { commonDates, DAY, naiveMove, naivePearson, naivePercentile, readCsv, returnsOn, type CsvSeries } from "./naive-dataset.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";

/** The window's analogs by the naive oracle (no wrap), as [start date, end date]. */
function naiveAnalogs(s: CsvSeries, start: string, end: string, k: number): [string, string][] {
  const values = Float64Array.from(s.closes);
  const breakBefore = Uint8Array.from(s.times.map((t, i) => (i > 0 && t - s.times[i - 1] > 5 * DAY ? 1 : 0)));
  const qs = s.dates.findIndex((d) => d >= start);
  const qe = s.dates.findIndex((d) => d >= end);
  const m = qe - qs;
  return naiveSearch({ values, breakBefore }, values.slice(qs, qe), { k, metric: "l2", excludeRange: [qs, qe], wrap: false }).map((x) => [
    s.dates[x.start],
    s.dates[x.start + m - 1],
  ]);
}

function expectDistribution(got: any, values: (number | null)[]) {
  const known = values.filter((v): v is number => v !== null);
  expect(got.returns).toHaveLength(values.length);
  got.returns.forEach((r: number | null, i: number) => (values[i] === null ? expect(r).toBeNull() : expect(r).toBeCloseTo(values[i]!, 12)));
  expect(got.n).toBe(known.length);
  expect(got.mean).toBeCloseTo(known.reduce((a, b) => a + b, 0) / known.length, 12);
  for (const p of [10, 25, 50, 75, 90]) expect(got[`p${p}`]).toBeCloseTo(naivePercentile(known, p), 12);
  expect(got.hit_rate).toBeCloseTo(known.filter((v) => v > 0).length / known.length, 12);
}

function priceSeries(file: string): PriceSeries {
  const s = readCsv(file);
  return toPriceSeries(file, "1d", s.times.map((tsMs, i) => ({ tsMs, open: s.closes[i], high: s.closes[i], low: s.closes[i], close: s.closes[i], volume: null })));
}

describe.skipIf(!SHARED_PRESENT)("/playbook", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/playbook?${query}`);

  it("reports what each peer did after the window's analogs, aligned to each analog's last date", async () => {
    const aapl = readCsv("AAPL.csv");
    const peers = { MSFT: readCsv("MSFT.csv"), QQQ: readCsv("QQQ.csv"), "BTC-USD": readCsv("BTC-USD.csv") };
    const analogs = naiveAnalogs(aapl, "2024-10-01", "2024-11-01", 12);
    const { status, body } = await call("ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&peers=MSFT,QQQ,BTC,NOSUCH&k=12&horizon_days=30,7,90");
    expect(status).toBe(200);
    expect(body.horizon_days).toEqual([7, 30, 90]);
    expect(body.analogs.map((a: any) => [a.start_date, a.end_date])).toEqual(analogs);
    // An analog ending before the window whose horizon reaches into it must not count (it would be the window's own days).
    const queryStartMs = Date.parse("2024-10-01T00:00:00Z");
    const move = (s: typeof aapl, end: string, days: number) => {
      const endMs = Date.parse(`${end}T00:00:00Z`);
      return endMs < queryStartMs && endMs + days * DAY > queryStartMs ? null : naiveMove(s, end, days);
    };
    body.ticker_outcomes.forEach((o: any, h: number) => expectDistribution(o, analogs.map(([, end]) => move(aapl, end, body.horizon_days[h]))));
    const rows = body.peers as any[];
    expect(rows.map((p) => [p.ticker, p.status])).toEqual([
      ["MSFT", "ok"],
      ["QQQ", "ok"],
      ["BTC", "ok"],
      ["NOSUCH", "unknown_ticker"],
    ]);
    expect(rows[3]).toMatchObject({ outcomes: [], lead_lag: null, error: expect.stringContaining("NOSUCH") });
    Object.values(peers).forEach((peer, i) =>
      rows[i].outcomes.forEach((o: any, h: number) => {
        expect(o.horizon_days).toBe(body.horizon_days[h]);
        expectDistribution(o, analogs.map(([, end]) => move(peer, end, o.horizon_days)));
      }),
    );
    // BTC began in 2014: analogs before that have no BTC outcome and are not counted.
    expect(rows[2].outcomes[0].n).toBeLessThan(12);
  });

  it("puts each series' unconditional baseline and the interval of the independent moves beside every outcome", async () => {
    const { status, body } = await call("ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01&peers=MSFT&k=8&horizon_days=30");
    expect(status).toBe(200);
    expect(body.mode).toBe("full_history");
    for (const [file, outcome] of [["AAPL.csv", body.ticker_outcomes[0]], ["MSFT.csv", body.peers[0].outcomes[0]]] as const) {
      const base = naiveBaseline(readDataset(file), 30);
      expect(outcome.baseline.n).toBe(base.values.length);
      expect(outcome.baseline.mean).toBeCloseTo(base.mean, 12);
      expect(outcome.mean_ci.n_independent).toBeLessThanOrEqual(outcome.n);
      expect(outcome.excess_over_baseline.mean).toBeCloseTo(outcome.mean_ci.mean - base.mean, 12);
    }
  });

  it("computes lead-lag correlations on the aligned daily returns before end_date", async () => {
    const aapl = readCsv("AAPL.csv");
    const msft = readCsv("MSFT.csv");
    const { body } = await call("ticker=AAPL&start_date=2024-03-01&end_date=2024-04-01&peers=MSFT&k=5&lead_lag_window=120");
    const dates = commonDates([aapl, msft], "2024-04-01").slice(-121);
    const [ra, rm] = returnsOn([aapl, msft], dates);
    const ll = body.peers[0].lead_lag;
    expect([ll.returns, ll.from_date, ll.to_date]).toEqual([120, dates[1], dates[120]]);
    expect(ll.noise_band_95).toBeCloseTo(1.96 / Math.sqrt(120), 12);
    for (const lag of ll.by_lag) {
      const idx = ra.map((_, t) => t).filter((t) => t + lag.lag_days >= 0 && t + lag.lag_days < rm.length);
      expect(lag.n).toBe(idx.length);
      expect(lag.correlation).toBeCloseTo(naivePearson(idx.map((t) => ra[t]), idx.map((t) => rm[t + lag.lag_days])), 12);
    }
    expect(ll.lag0).toEqual(ll.by_lag[5]);
    const strongest = Math.max(...ll.by_lag.map((l: any) => Math.abs(l.correlation)));
    expect(Math.abs(ll.best.correlation)).toBe(strongest);
  });

  it("does not look ahead: cutting a peer's data after an analog's horizon leaves that analog's figure unchanged", () => {
    const aapl = readCsv("AAPL.csv");
    const msft = priceSeries("MSFT.csv");
    let known = 0;
    for (const [, end] of naiveAnalogs(aapl, "2024-10-01", "2024-11-01", 12)) {
      const anchorMs = Date.parse(`${end}T00:00:00Z`);
      for (const days of [7, 30]) {
        const full = anchoredMove(msft, anchorMs, days);
        if (full !== null) known += 1;
        // Keep history up to and including the first bar at or after the horizon (it proves the horizon was reached).
        const keep = lowerBound(msft.timesMs, anchorMs + days * DAY) + 1;
        const cut: PriceSeries = { ...msft, timesMs: msft.timesMs.slice(0, keep), closes: msft.closes.slice(0, keep), breakBefore: msft.breakBefore.slice(0, keep) };
        expect(anchoredMove(cut, anchorMs, days)).toBe(full);
        // One bar less and the horizon is not reached yet: the figure is unknown, never a guess.
        const shorter: PriceSeries = { ...cut, timesMs: cut.timesMs.slice(0, keep - 1), closes: cut.closes.slice(0, keep - 1) };
        expect(anchoredMove(shorter, anchorMs, days)).toBeNull();
      }
    }
    expect(known).toBeGreaterThan(10);
  });

  it("answers 404 for an unknown ticker and 422 naming each bad parameter, charging nothing", async () => {
    const before = await harness.payer().balance();
    const base = "/playbook?ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01";
    const unknown = await call("ticker=NOSUCH&start_date=2024-10-01&end_date=2024-11-01&peers=MSFT");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    await expectValidationFailures(harness, [
      [base, "peers"],
      [`${base}&peers=${Array.from({ length: 11 }, (_, i) => `P${i}`).join(",")}`, "peers"],
      [`${base}&peers=MSFT&k=4`, "k"],
      [`${base}&peers=MSFT&k=51`, "k"],
      [`${base}&peers=MSFT&horizon_days=0,30`, "horizon_days"],
      [`${base}&peers=MSFT&horizon_days=7,400`, "horizon_days"],
      [`${base}&peers=MSFT&horizon_days=1,2,3,4,5,6`, "horizon_days"],
      [`${base}&peers=MSFT&horizon_days=week`, "horizon_days"],
      [`${base}&peers=MSFT&lead_lag_window=59`, "lead_lag_window"],
      ["/playbook?ticker=AAPL&start_date=2024-11-01&end_date=2024-10-01&peers=MSFT", "start_date"],
      ["/playbook?ticker=AAPL&start_date=2024-10-01&end_date=2024-10-03&peers=MSFT", "start_date"],
    ]);
    expect(await harness.payer().balance()).toBe(before);
  });
});
