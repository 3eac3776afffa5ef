import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { naiveMomentum } from "./naive-momentum.js";
import { readCsv } from "./naive-portfolio.js";
import { paidRoutes, startPaidService, type PaidCall as Call } from "../support/paid-routes.js";
import type { TestService } from "../support/test-service.js";

type Row = { rank: number | null; ticker: string; status: string; as_of: string | null; composite_score: number | null; error?: string; leaders?: string[]; kind?: string };

const lastMomentum = (file: string, perYear: number) => {
  const s = readCsv(file);
  return { asOf: s.dates[s.dates.length - 1], ...naiveMomentum(s, s.dates.length - 1, perYear) };
};

describe.skipIf(!SHARED_PRESENT)("/api/momentum/scan and /api/sectors/momentum on the daily dataset", () => {
  const { call, expect422 } = paidRoutes();

  it("ranks the offline folder's files strongest first, each as of its own last bar", async () => {
    const { status, body } = await call("/api/momentum/scan");
    expect(status).toBe(200);
    expect(body.universe_size).toBe(16); // 17 files less the 10-year yield
    expect(body.ranked_count).toBe(16);
    const rows = body.results as Row[];
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].composite_score as number).toBeGreaterThanOrEqual(rows[i].composite_score as number);
    expect(rows.map((r) => r.ticker)).not.toContain("^TNX");
    const spy = rows.find((r) => r.ticker === "SPY") as Row;
    const want = lastMomentum("SPY.csv", 252);
    expect(spy.as_of).toBe(want.asOf);
    expect(spy.composite_score).toBeCloseTo(want.compositeScore, 12);
    const eth = rows.find((r) => r.ticker === "ETH-USD") as Row;
    expect(eth.composite_score).toBeCloseTo(lastMomentum("ETH-USD.csv", 365).compositeScore, 12);
    // The naive ranking of the whole folder agrees with the route's top 10.
    const files = fs.readdirSync(DAILY_DATASET_DIR).filter((f) => f.endsWith(".csv") && f !== "US10Y.csv");
    const crypto = new Set(["BTC-USD.csv", "ETH-USD.csv", "SOL-USD.csv"]);
    const naiveOrder = files.map((f) => ({ f, score: lastMomentum(f, crypto.has(f) ? 365 : 252).compositeScore })).sort((a, b) => b.score - a.score);
    expect(rows.map((r) => r.composite_score)).toEqual(naiveOrder.slice(0, 10).map((n) => expect.closeTo(n.score, 10)));
  });

  it("keeps a failing name inside the 200 with its status, and honours top_n", async () => {
    const { status, body } = await call("/api/momentum/scan?universe=AAPL,MSFT,NVDA,BTC,ZZZZQ&top_n=2");
    expect(status).toBe(200);
    expect(body.universe_source).toBe("the caller's list");
    expect((body.results as Row[]).map((r) => r.ticker)).toEqual(["NVDA", "AAPL"]);
    expect(body.ranked_count).toBe(4);
    expect(body.not_ranked).toEqual([expect.objectContaining({ ticker: "ZZZZQ", status: "unknown_ticker", rank: null, composite_score: null })]);
  });

  it("answers 404 naming every fund offline, where the dataset holds none of the 19 ETFs (nothing served, nothing charged)", async () => {
    const { status, body } = await call("/api/sectors/momentum");
    expect(status).toBe(404);
    expect(body.error.code).toBe("UNKNOWN_TICKER");
    const named = (body.error.details as { param: string; issue: string }[]).map((d) => d.issue.split(":")[0]);
    expect(named.slice(0, 11)).toEqual(["XLK", "XLF", "XLV", "XLE", "XLI", "XLY", "XLP", "XLU", "XLB", "XLRE", "XLC"]);
    expect(named).toHaveLength(19);
    expect(body.error.details[0].issue).toMatch(/not in the offline dataset/);
  });

  it("answers 422 naming top_n or universe", async () => {
    await expect422("/api/momentum/scan?top_n=0", "top_n");
    await expect422("/api/momentum/scan?top_n=51", "top_n");
    await expect422("/api/momentum/scan?universe=,", "universe");
    await expect422(`/api/momentum/scan?universe=${Array.from({ length: 101 }, (_, i) => `N${i}`).join(",")}`, "universe");
    await expect422("/api/sectors/momentum?top_n=0", "top_n");
    await expect422("/api/sectors/momentum?top_n=x", "top_n");
  });
});

describe.skipIf(!SHARED_PRESENT)("/api/sectors/momentum ranking on a folder that holds some of the ETFs", () => {
  let service: TestService;
  let call: Call;
  let dir: string;
  // Stand-in files: real price histories under ETF names, so the ranking can be checked against them.
  const standIns: Record<string, string> = { XLK: "NVDA.csv", XLF: "SPY.csv", SMH: "TSLA.csv", GLD: "GOLD.csv" };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "sector-etfs-"));
    for (const [etf, file] of Object.entries(standIns)) fs.copyFileSync(path.join(DAILY_DATASET_DIR, file), path.join(dir, `${etf}.csv`));
    ({ service, call } = await startPaidService({ env: { MARKET_DATA_DIR: dir } }));
  });
  afterAll(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("ranks the ETFs it can load by composite score and keeps the rest unranked with a status", async () => {
    const { status, body } = await call("/api/sectors/momentum?top_n=3");
    expect(status).toBe(200);
    expect(body.ranked_count).toBe(4);
    const expected = Object.entries(standIns)
      .map(([etf, file]) => ({ etf, score: lastMomentum(file, 252).compositeScore }))
      .sort((a, b) => b.score - a.score);
    const rows = body.results as Row[];
    expect(rows.map((r) => r.ticker)).toEqual(expected.slice(0, 3).map((e) => e.etf));
    rows.forEach((r, i) => expect(r.composite_score).toBeCloseTo(expected[i].score, 12));
    expect((body.not_ranked as Row[]).length).toBe(15);
    expect((body.not_ranked as Row[]).every((r) => r.status === "unknown_ticker")).toBe(true);
  });
});
