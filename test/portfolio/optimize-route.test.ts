import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { covariance, meanOf, readCsv, sharedWindow } from "./naive-portfolio.js";
import { paidRoutes } from "../support/paid-routes.js";

type Weight = { ticker: string; weight: number; mean_return_annual: number; volatility_annual: number };

describe.skipIf(!SHARED_PRESENT)("/optimize_portfolio on the daily dataset", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/optimize_portfolio?${query}`);
  const expect422 = (query: string, param: string) => harness.expect422(`/optimize_portfolio?${query}`, param);
  const naive = (files: string[], months: number, perYear = 252) => {
    const window = sharedWindow(files.map(readCsv), months);
    return {
      ...window,
      mu: window.returns.map((r) => meanOf(r) * perYear),
      cov: window.returns.map((a) => window.returns.map((b) => covariance(a, b) * perYear)),
    };
  };
  const portfolio = (w: number[], mu: number[], cov: number[][]) => ({
    ret: w.reduce((s, x, i) => s + x * mu[i], 0),
    vol: Math.sqrt(w.reduce((s, x, i) => s + x * cov[i].reduce((t, c, j) => t + c * w[j], 0), 0)),
  });

  it("max_ratio: weights on the simplex, figures recomputed from the CSV, no grid portfolio with a better ratio", async () => {
    const { status, body } = await call("tickers=AAPL,MSFT,NVDA,SPY&period=1y&objective=max_ratio&risk_free_rate=0.04&covariance=sample");
    expect(status).toBe(200);
    const ref = naive(["AAPL.csv", "MSFT.csv", "NVDA.csv", "SPY.csv"], 12);
    const weights = (body.weights as Weight[]).map((w) => w.weight);
    expect((body.weights as Weight[]).map((w) => w.ticker)).toEqual(["AAPL", "MSFT", "NVDA", "SPY"]);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    weights.forEach((w) => expect(w).toBeGreaterThanOrEqual(0));
    (body.weights as Weight[]).forEach((w, i) => {
      expect(w.mean_return_annual).toBeCloseTo(ref.mu[i], 12);
      expect(w.volatility_annual).toBeCloseTo(Math.sqrt(ref.cov[i][i]), 12);
    });
    expect(body.n).toBe(ref.returns[0].length);
    expect(body.start_date).toBe(ref.dates[0]);
    expect(body.end_date).toBe("2024-12-06");
    expect(body.periods_per_year).toBe(252);
    const { ret, vol } = portfolio(weights, ref.mu, ref.cov);
    expect(body.expected_return_annual).toBeCloseTo(ret, 12);
    expect(body.volatility_annual).toBeCloseTo(vol, 12);
    expect(body.ratio).toBeCloseTo((ret - 0.04) / vol, 10);
    let best = -Infinity;
    const steps = 50;
    for (let a = 0; a <= steps; a++)
      for (let b = 0; a + b <= steps; b++)
        for (let c = 0; a + b + c <= steps; c++) {
          const w = [a, b, c, steps - a - b - c].map((x) => x / steps);
          const p = portfolio(w, ref.mu, ref.cov);
          best = Math.max(best, (p.ret - 0.04) / p.vol);
        }
    expect(body.ratio).toBeGreaterThanOrEqual(best - 1e-12);
    expect(body.ratio - best).toBeLessThan(0.01);
    expect(body.method).toContain("HiGHS");
  });

  it("defaults to the Ledoit-Wolf shrunk covariance, recomputed from its definition, and says expected returns are historical means", async () => {
    const { status, body } = await call("tickers=AAPL,MSFT,NVDA,SPY&period=1y&objective=min_volatility");
    expect(status).toBe(200);
    const window = sharedWindow(["AAPL.csv", "MSFT.csv", "NVDA.csv", "SPY.csv"].map(readCsv), 12);
    const p = window.returns.length;
    const n = window.returns[0].length;
    const x = window.returns.map((r) => r.map((v) => v - meanOf(r)));
    const s = x.map((a) => x.map((b) => a.reduce((acc, v, t) => acc + v * b[t], 0) / n));
    const mu = s.reduce((acc, row, i) => acc + row[i], 0) / p;
    const norm2 = (m: number[][]) => m.reduce((acc, row) => acc + row.reduce((t, v) => t + v * v, 0), 0) / p;
    const d2 = norm2(s.map((row, i) => row.map((v, j) => v - (i === j ? mu : 0))));
    let b2 = 0;
    for (let t = 0; t < n; t++) b2 += norm2(x.map((a, i) => x.map((b, j) => a[t] * b[t] - s[i][j])));
    b2 /= n * n;
    const delta = Math.min(b2, d2) / d2;
    const cov = s.map((row, i) => row.map((v, j) => ((1 - delta) * v + (i === j ? delta * mu : 0)) * 252));
    expect(body.covariance).toBe("ledoit_wolf");
    expect(body.shrinkage_intensity).toBeCloseTo(delta, 12);
    expect(body.expected_returns).toMatch(/^historical_mean/);
    const weights = (body.weights as Weight[]).map((w) => w.weight);
    const { vol } = portfolio(weights, weights.map(() => 0), cov);
    expect(body.volatility_annual).toBeCloseTo(vol, 12);
    // The minimum of w'Σw on the simplex: no grid portfolio does better under the shrunk covariance.
    const steps = 20;
    for (let a = 0; a <= steps; a++)
      for (let b = 0; a + b <= steps; b++)
        for (let c = 0; a + b + c <= steps; c++) {
          const w = [a, b, c, steps - a - b - c].map((v) => v / steps);
          expect(portfolio(w, w.map(() => 0), cov).vol).toBeGreaterThanOrEqual(vol - 1e-12);
        }
    const sample = await call("tickers=AAPL,MSFT,NVDA,SPY&period=1y&objective=min_volatility&covariance=sample");
    expect([sample.body.covariance, sample.body.shrinkage_intensity]).toEqual(["sample", null]);
  });

  it("min_volatility across calendars (stocks, gold futures, EUR/USD) beats every grid portfolio", async () => {
    const { status, body } = await call("tickers=SPY,GC=F,EURUSD=X&period=2y&objective=min_volatility&covariance=sample");
    expect(status).toBe(200);
    const ref = naive(["SPY.csv", "GOLD.csv", "EURUSD.csv"], 24);
    expect(body.n).toBe(ref.returns[0].length);
    expect(body.end_date).toBe(ref.dates[ref.dates.length - 1]);
    const weights = (body.weights as Weight[]).map((w) => w.weight);
    let best = Infinity;
    for (let a = 0; a <= 200; a++) for (let b = 0; a + b <= 200; b++) best = Math.min(best, portfolio([a / 200, b / 200, (200 - a - b) / 200], ref.mu, ref.cov).vol);
    expect(portfolio(weights, ref.mu, ref.cov).vol).toBeLessThanOrEqual(best + 1e-12);
    expect(body.volatility_annual).toBeCloseTo(portfolio(weights, ref.mu, ref.cov).vol, 12);
    expect(weights.filter((w) => w > 0).length).toBeGreaterThanOrEqual(2);
  });

  it("max_return puts everything in the highest-mean ticker; a crypto-only book is annualised by 365", async () => {
    const { status, body } = await call("tickers=BTC,ETH,SOL&period=1y&objective=max_return&covariance=sample");
    expect(status).toBe(200);
    const ref = naive(["BTC-USD.csv", "ETH-USD.csv", "SOL-USD.csv"], 12, 365);
    const top = ref.mu.indexOf(Math.max(...ref.mu));
    expect((body.weights as Weight[]).map((w) => w.weight)).toEqual([0, 1, 2].map((i) => (i === top ? 1 : 0)));
    expect(body.periods_per_year).toBe(365);
    expect(body.n).toBe(365);
    expect(body.expected_return_annual).toBeCloseTo(ref.mu[top], 12);
  });

  it("answers 422 naming the parameter", async () => {
    await expect422("tickers=AAPL", "tickers");
    await expect422(`tickers=${Array.from({ length: 31 }, (_, i) => `T${String.fromCharCode(65 + (i % 26))}${i}`).join(",")}`, "tickers");
    await expect422("tickers=AAPL,MSFT&objective=max_sharpe", "objective");
    await expect422("tickers=AAPL,MSFT&period=10y", "period");
    await expect422("tickers=AAPL,MSFT&risk_free_rate=0.3", "risk_free_rate");
    await expect422("tickers=AAPL,MSFT&risk_free_rate=abc", "risk_free_rate");
    await expect422("tickers=BTC,BTC-USD", "tickers");
  });

  it("answers 422 naming risk_free_rate when no ticker's mean beats it under max_ratio", async () => {
    const ref = naive(["EURUSD.csv", "GOLD.csv"], 12);
    expect(Math.max(...ref.mu)).toBeLessThan(0.25);
    await expect422("tickers=EURUSD=X,GC=F&risk_free_rate=0.25", "risk_free_rate");
    const fallback = await call("tickers=EURUSD=X,GC=F&risk_free_rate=0.25&objective=min_volatility");
    expect(fallback.status).toBe(200);
  });

  it("answers 404 naming tickers for an unknown ticker", async () => {
    const { status, body } = await call("tickers=AAPL,ZZZZQ");
    expect(status).toBe(404);
    expect(body.error.code).toBe("UNKNOWN_TICKER");
    expect(body.error.details).toEqual([{ param: "tickers", issue: expect.stringContaining("ZZZZQ") }]);
  });
});
