import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestPayer } from "../support/test-payer.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { startTestService } from "../support/test-service.js";
import { commonDates, naivePearson, readCsv, returnsOn } from "./naive-dataset.js";
import { expectValidationFailures, paidCaller, paidRoutes } from "../support/paid-routes.js";

type Pair = { a: string; b: string; correlation: number };

/** Eigenvalues of a small symmetric matrix by cyclic Jacobi rotations (independent of the N^2 / sum c^2 shortcut). */
function eigenvalues(input: number[][]): number[] {
  const a = input.map((row) => [...row]);
  const n = a.length;
  for (let sweep = 0; sweep < 100; sweep++) {
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-15) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p];
          const akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k];
          const aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
      }
    }
  }
  return a.map((row, i) => row[i]);
}

describe.skipIf(!SHARED_PRESENT)("/correlation_matrix", () => {
  const harness = paidRoutes();
  const call = (query: string) => harness.call(`/correlation_matrix?${query}`);

  it("matches a naive Pearson matrix on the intersected dates of the year to the last shared date", async () => {
    const files = ["AAPL.csv", "MSFT.csv", "SPY.csv", "GOLD.csv"];
    const series = files.map((f) => readCsv(f));
    const all = commonDates(series);
    const end = all[all.length - 1];
    const from = `${Number(end.slice(0, 4)) - 1}${end.slice(4)}`;
    const dates = all.filter((d) => d >= from);
    const returns = returnsOn(series, dates);
    const { status, body } = await call("tickers=AAPL,MSFT,SPY,GC=F&period=1y");
    expect(status).toBe(200);
    expect([body.start_date, body.end_date, body.n_returns]).toEqual([dates[0], end, returns[0].length]);
    const expected = returns.map((x) => returns.map((y) => naivePearson(x, y)));
    body.matrix.forEach((row: number[], i: number) => row.forEach((r, j) => expect(r).toBeCloseTo(expected[i][j], 12)));
    const names = body.tickers as string[];
    const pairs: Pair[] = [];
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) pairs.push({ a: names[i], b: names[j], correlation: expected[i][j] });
    const byR = [...pairs].sort((x, y) => y.correlation - x.correlation);
    expect(body.strongest_pairs.map((p: Pair) => [p.a, p.b])).toEqual(byR.slice(0, 3).map((p) => [p.a, p.b]));
    expect(body.weakest_pairs.map((p: Pair) => [p.a, p.b])).toEqual(byR.reverse().slice(0, 3).map((p) => [p.a, p.b]));
    const meanOff = pairs.reduce((s, p) => s + p.correlation, 0) / pairs.length;
    expect(body.diversification.mean_correlation).toBeCloseTo(meanOff, 12);
    expect(body.diversification.score).toBeCloseTo(1 - meanOff, 12);
    const lambdas = eigenvalues(expected);
    const participation = lambdas.reduce((s, l) => s + l, 0) ** 2 / lambdas.reduce((s, l) => s + l * l, 0);
    expect(body.diversification.effective_bets).toBeCloseTo(participation, 9);
    expect(body.diversification.tickers).toBe(4);
  });

  it("skips the dates one market does not trade (crypto weekends) and uses 3 calendar months", async () => {
    const series = [readCsv("BTC-USD.csv"), readCsv("AAPL.csv")];
    const all = commonDates(series);
    const end = all[all.length - 1];
    expect(end).toBe("2024-12-06");
    const dates = all.filter((d) => d >= "2024-09-06");
    const returns = returnsOn(series, dates);
    const { status, body } = await call("tickers=BTC,AAPL&period=3mo");
    expect(status).toBe(200);
    expect(body.n_returns).toBe(returns[0].length);
    expect(body.matrix[0][1]).toBeCloseTo(naivePearson(returns[0], returns[1]), 12);
    expect(body.strongest_pairs).toHaveLength(1);
  });

  it("fails the whole call with 404 naming an unknown ticker, and charges nothing", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await call("tickers=AAPL,NOSUCH,MSFT");
    expect([status, body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(body.error.details).toEqual([expect.objectContaining({ param: "tickers", issue: expect.stringContaining("NOSUCH") })]);
    expect(await harness.payer().balance()).toBe(before);
  });

  it("rejects bad parameters with 422 naming them", async () => {
    await expectValidationFailures(harness, [
      ["/correlation_matrix?tickers=AAPL", "tickers"],
      [`/correlation_matrix?tickers=${Array.from({ length: 31 }, (_, i) => `T${i}`).join(",")}`, "tickers"],
      ["/correlation_matrix?tickers=AAPL,MSFT&period=10y", "period"],
    ]);
  });

  it("answers 422 when the tickers share fewer than 20 daily returns", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "corr-short-"));
    fs.copyFileSync(path.join(DAILY_DATASET_DIR, "AAPL.csv"), path.join(dir, "AAPL.csv"));
    const msft = fs.readFileSync(path.join(DAILY_DATASET_DIR, "MSFT.csv"), "utf8").trim().split("\n");
    fs.writeFileSync(path.join(dir, "MSFT.csv"), [msft[0], ...msft.slice(-15)].join("\n"));
    const small = await startTestService({ env: { MARKET_DATA_DIR: dir } });
    try {
      const smallCall = paidCaller(await createTestPayer(small, 10_000_000n));
      const { status, body } = await smallCall("/correlation_matrix?tickers=AAPL,MSFT&period=1y");
      expect([status, body.error.code]).toEqual([422, "VALIDATION_FAILED"]);
      expect(body.error.details.map((d: { param: string }) => d.param)).toEqual(["tickers", "period"]);
      expect(body.error.message).toContain("14 daily returns");
    } finally {
      await small.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
