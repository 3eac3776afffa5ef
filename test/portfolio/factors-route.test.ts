import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { meanOf, monthsBefore, naiveOls, readCsv, type CsvSeries } from "./naive-portfolio.js";
import { paidRoutes } from "../support/paid-routes.js";

type Factor = { factor: string; symbols: string[]; beta: number; std_error: number; t_stat: number | null; return_contribution_annual: number };

/**
 * The offline macro decomposition rebuilt from the CSV files: the book's window ends on the holdings'
 * latest shared date; the regression runs on the dates the holdings and all proxy files share.
 */
function naiveDecomposition(holdings: [string, number][], months: number) {
  const books = holdings.map(([file]) => readCsv(file));
  const proxies = ["SPY.csv", "QQQ.csv", "US10Y.csv", "GOLD.csv", "WTI.csv", "EURUSD.csv"].map(readCsv);
  const map = (s: CsvSeries) => new Map(s.dates.map((d, i) => [d, s.closes[i]]));
  const bookMaps = books.map(map);
  const proxyMaps = proxies.map(map);
  const bookShared = books[0].dates.filter((d) => bookMaps.every((m) => m.has(d)));
  const end = bookShared[bookShared.length - 1];
  const start = monthsBefore(end, months);
  const dates = bookShared.filter((d) => d >= start && d <= end && proxyMaps.every((m) => m.has(d)));
  const y: number[] = [];
  const x: number[][] = [[], [], [], [], [], []];
  const r = (m: Map<string, number>, a: string, b: string) => (m.get(b) as number) / (m.get(a) as number) - 1;
  for (let j = 1; j < dates.length; j++) {
    const [a, b] = [dates[j - 1], dates[j]];
    if ((Date.parse(b) - Date.parse(a)) / 86_400_000 > 5) continue;
    y.push(holdings.reduce((s, [, w], i) => s + w * r(bookMaps[i], a, b), 0));
    const [spy, qqq, tnx, gold, wti, eur] = proxyMaps;
    x[0].push(r(spy, a, b));
    x[1].push(r(qqq, a, b) - r(spy, a, b));
    x[2].push(((tnx.get(b) as number) - (tnx.get(a) as number)) / 100);
    x[3].push(r(gold, a, b));
    x[4].push(r(wti, a, b));
    x[5].push((eur.get(a) as number) / (eur.get(b) as number) - 1);
  }
  return { y, x, dates, ols: naiveOls(y, x) };
}

describe.skipIf(!SHARED_PRESENT)("/api/portfolio-factors on the daily dataset (offline macro proxies)", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/api/portfolio-factors?${query}`);
  const expect422 = (query: string, param: string) => harness.expect422(`/api/portfolio-factors?${query}`, param);

  it("equals a naive normal-equation regression on the same CSV-built factors", async () => {
    const { status, body } = await call("holdings=AAPL:0.4,MSFT:0.3,NVDA:0.3&period=1y");
    expect(status).toBe(200);
    const ref = naiveDecomposition([["AAPL.csv", 0.4], ["MSFT.csv", 0.3], ["NVDA.csv", 0.3]], 12);
    expect(body.proxy_set.name).toBe("offline_macro");
    const factors = body.factors as Factor[];
    expect(factors.map((f) => f.factor)).toEqual(["market", "growth", "rates", "gold", "oil", "dollar"]);
    expect(factors.map((f) => f.symbols)).toEqual([["SPY"], ["QQQ", "SPY"], ["^TNX"], ["GC=F"], ["CL=F"], ["EURUSD=X"]]);
    expect(body.dropped_factors).toEqual([]);
    expect(body.n).toBe(ref.y.length);
    expect(body.start_date).toBe(ref.dates[0]);
    expect(body.end_date).toBe("2024-12-06");
    factors.forEach((f, j) => {
      expect(f.beta, f.factor).toBeCloseTo(ref.ols.coef[j + 1], 9);
      expect(f.std_error, f.factor).toBeCloseTo(ref.ols.se[j + 1], 9);
      expect(f.t_stat as number).toBeCloseTo(ref.ols.coef[j + 1] / ref.ols.se[j + 1], 6);
    });
    expect(body.alpha_annual).toBeCloseTo(ref.ols.coef[0] * 252, 9);
    expect(body.alpha_std_error_annual).toBeCloseTo(ref.ols.se[0] * 252, 9);
    expect(body.r_squared).toBeCloseTo(ref.ols.rSquared, 10);
    expect(body.residual_volatility_annual).toBeCloseTo(Math.sqrt(ref.ols.s2 * 252), 10);
    expect(body.book_mean_return_annual).toBeCloseTo(meanOf(ref.y) * 252, 12);
    // OLS with an intercept: the mean return splits exactly into alpha and beta times factor means.
    const explained = factors.reduce((s, f) => s + f.return_contribution_annual, body.alpha_annual);
    expect(explained).toBeCloseTo(body.book_mean_return_annual, 10);
    expect(body.periods_per_year).toBe(252);
  });

  it("normalises weights: AAPL:2,MSFT:1 is the book two thirds AAPL", async () => {
    const a = await call("holdings=AAPL:2,MSFT:1&period=6mo");
    const b = await call(`holdings=AAPL:${2 / 3},MSFT:${1 / 3}&period=6mo`);
    expect(a.status).toBe(200);
    expect(a.body.holdings).toEqual([{ ticker: "AAPL", weight: 2 / 3 }, { ticker: "MSFT", weight: 1 / 3 }]);
    (a.body.factors as Factor[]).forEach((f, j) => expect(f.beta).toBeCloseTo((b.body.factors as Factor[])[j].beta, 12));
  });

  it("drops and reports a proxy whose history does not span the book's period", async () => {
    // Brent's file runs to 2026-08; SPY, QQQ, ^TNX, gold and EUR/USD stop earlier, so only oil spans its last year.
    const { status, body } = await call("holdings=BZ=F:1&period=1y");
    expect(status).toBe(200);
    expect((body.factors as Factor[]).map((f) => f.factor)).toEqual(["oil"]);
    expect((body.dropped_factors as { factor: string; reason: string }[]).map((d) => d.factor)).toEqual(["market", "growth", "rates", "gold", "dollar"]);
    for (const dropped of body.dropped_factors) expect(dropped.reason).toMatch(/does not span/);
    expect(body.end_date).toBe("2026-08-18");
  });

  it("answers 422 naming holdings or period", async () => {
    await expect422("period=1y", "holdings");
    await expect422("holdings=AAPL", "holdings");
    await expect422("holdings=AAPL:0", "holdings");
    await expect422("holdings=AAPL:-1,MSFT:1", "holdings");
    await expect422("holdings=AAPL:abc", "holdings");
    await expect422("holdings=AAPL:1,aapl:2", "holdings");
    await expect422(`holdings=${Array.from({ length: 31 }, (_, i) => `S${i}:1`).join(",")}`, "holdings");
    await expect422("holdings=AAPL:1&period=7y", "period");
    await expect422("holdings=BTC:1,BTC-USD:1", "holdings");
  });

  it("answers 404 naming holdings for an unknown holding", async () => {
    const { status, body } = await call("holdings=AAPL:1,ZZZZQ:1");
    expect(status).toBe(404);
    expect(body.error.details).toEqual([{ param: "holdings", issue: expect.stringContaining("ZZZZQ") }]);
  });
});
